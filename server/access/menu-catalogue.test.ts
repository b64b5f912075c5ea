import { describe, expect, it } from 'vitest';
import { MENU_GROUPS } from './menu-catalogue';

describe('menu catalogue', () => {
  it('gives every page an icon of its own, since the collapsed sidebar shows only icons', () => {
    const icons = MENU_GROUPS.flatMap((g) => g.pages.map((p) => p.icon));
    expect(new Set(icons).size).toBe(icons.length);
  });
});
