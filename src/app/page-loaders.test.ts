import { describe, expect, it } from 'vitest';
import { ROUTES } from '../lib/routes';
import { ROUTE_PAGES, pageFor } from './page-loaders';

describe('page loaders', () => {
  it('renders a built page by path or menu component, and the planned page otherwise', () => {
    expect(pageFor(ROUTES.settings.path)).toBe(ROUTE_PAGES.settings);
    expect(pageFor('/vehicles/list', 'home')).toBe(ROUTE_PAGES.home);
    expect(pageFor(ROUTES.report.path)).toBe(ROUTE_PAGES.report);
    // A menu entry the server offers that this build has no screen for.
    expect(pageFor('/other/unplanned', 'other/unplanned')).toBe(pageFor('/unknown/page'));
    expect(pageFor('/other/unplanned', 'other/unplanned')).not.toBe(ROUTE_PAGES.home);
  });
});
