import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, isBlank } from './text-rules';

describe('blank text', () => {
  it('is empty, white space, or characters that draw nothing', () => {
    for (const text of ['', '   ', '\t\n', '\u00a0\u3000', '\u200b', ' \u200d\ufeff ', '\u2060']) expect(isBlank(text), JSON.stringify(text)).toBe(true);
  });

  it('is not text with one readable character', () => {
    for (const text of ['a', ' x ', '\u200bx', '0']) expect(isBlank(text), JSON.stringify(text)).toBe(false);
  });
});

describe('hidden characters', () => {
  it('are the direction overrides, embeddings, isolates, marks and zero-width characters', () => {
    const hidden = [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200b',
      '\u200c',
      '\u200d',
      '\u200e',
      '\u200f',
      '\u2060',
      '\ufeff',
    ];
    for (const c of hidden) expect(hasHiddenCharacters(`Van${c}1`), c.codePointAt(0)!.toString(16)).toBe(true);
  });

  it('are not letters of any script, accents or spaces', () => {
    for (const name of ['Van 1', 'Bus Zürich', 'شاحنة', 'バス', 'Ca\u0301diz']) expect(hasHiddenCharacters(name), name).toBe(false);
  });
});
