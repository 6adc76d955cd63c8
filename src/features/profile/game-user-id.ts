/**
 * The eFootball user id: stored as the player typed it, trimmed. The game does not publish its exact
 * format, so the rule is deliberately loose: 6 to 20 letters, digits or dashes. The database constraint
 * (profiles_game_user_id_format) and update_my_profile() use this very pattern; a SQL test reads it from
 * here and fails when they differ.
 */
export const GAME_USER_ID_PATTERN = '^[A-Za-z0-9-]{6,20}$';
export const GAME_USER_ID_MIN_LENGTH = 6;
export const GAME_USER_ID_MAX_LENGTH = 20;

const GAME_USER_ID = new RegExp(GAME_USER_ID_PATTERN);

export function isValidGameUserId(value: string): boolean {
  return GAME_USER_ID.test(value.trim());
}
