/**
 * A name must show something: one made only of spaces or invisible characters (zero-width spaces and
 * joiners, direction controls, word joiners, the byte-order mark, Hangul fillers ...) would leave a blank
 * in brackets, leaderboards and prize payouts, or let one player pass for another. The database applies
 * the same character class (private.is_visible_name in the profile migration); a test runs both rules
 * over one table of inputs.
 */

/** Everything that takes no visible room, as a regular-expression class body (JS and Postgres agree on it). */
const INVISIBLE_CHARACTER_CLASS =
  '\\s\\u00A0\\u00AD\\u034F\\u115F\\u1160\\u1680\\u17B4\\u17B5\\u180E\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u3000\\u3164\\uFEFF\\uFFA0';

const INVISIBLE = new RegExp(`[${INVISIBLE_CHARACTER_CLASS}]`, 'gu');

/** Whether a name shows at least one visible character. */
export function isVisibleName(name: string): boolean {
  return name.replace(INVISIBLE, '') !== '';
}

export const INVISIBLE_NAME_MESSAGE = (field: string) => `${field} must contain visible letters, not only spaces or invisible characters`;

/**
 * Characters that change how a name, or the text after it, reads without showing themselves: C0 and C1
 * controls, direction marks, embeddings, overrides and isolates, the zero-width space, word joiner and
 * invisible operators, the soft hyphen, the byte-order mark, interlinear annotation marks. The zero-width
 * joiner and non-joiner stay allowed (Indic scripts and emoji need them). The database applies the same
 * class (private.has_hidden_controls); a test runs both over one table of inputs.
 */
const HIDDEN_CONTROL_CLASS =
  '\\u0001-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB';

const HIDDEN_CONTROL = new RegExp(`[${HIDDEN_CONTROL_CLASS}]`, 'u');

/** Whether a name holds a hidden control character. */
export function hasHiddenControls(name: string): boolean {
  return HIDDEN_CONTROL.test(name);
}

export const HIDDEN_CONTROLS_MESSAGE = (field: string) =>
  `${field} must not contain hidden control characters, such as text-direction overrides`;
