// What counts as blank text and which characters a name may not hide, for the server's schemas and
// the console's form rules alike.

/**
 * Characters that draw nothing or turn the direction of what follows: zero-width space, non-joiner
 * and joiner, direction marks, embeddings and overrides, word joiner and invisible operators,
 * isolates, byte order mark. In a name they make it look like another one in a list.
 */
const HIDDEN = '\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
const HIDDEN_CHARACTER = new RegExp(`[${HIDDEN}]`, 'u');
const BLANK = new RegExp(`^[\\s${HIDDEN}]*$`, 'u');

export const TEXT_MESSAGES = {
  blank: 'must not be blank',
  hidden: 'must not contain invisible or text-direction characters',
} as const;

/** Nothing a person can read: empty, white space, or characters that draw nothing. */
export const isBlank = (text: string): boolean => BLANK.test(text);

export const hasHiddenCharacters = (text: string): boolean => HIDDEN_CHARACTER.test(text);
