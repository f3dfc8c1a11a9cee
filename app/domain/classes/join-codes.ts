/**
 * Class join codes: 8 characters from A-Z without I and O, and 2-9,
 * so a code read off a wall or a slide has no look-alike characters.
 */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 8;
export const JOIN_CODE_MAX_INPUT = 50;

export function generateJoinCode(random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size))): string {
  // 32 characters divide 256 evenly, so byte % 32 picks each one equally often.
  return Array.from(random(JOIN_CODE_LENGTH), (byte) => JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length]).join("");
}

/** What the join field does to typed input: trimmed and upper-cased. */
export function normalizeJoinCode(input: string): string {
  return input.trim().toUpperCase();
}
