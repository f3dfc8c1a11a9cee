/**
 * Class join codes (SPEC.md section 9): 8 characters from A-Z without I and O, and 2-9,
 * so a code read off a wall or a slide has no look-alike characters.
 */
export const JOIN_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_LENGTH = 8;
export const JOIN_CODE_MAX_INPUT = 50;

export function generateJoinCode(random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size))): string {
  // Rejection sampling keeps every character equally likely whatever the alphabet size.
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of random(JOIN_CODE_LENGTH)) {
      if (byte < limit && code.length < JOIN_CODE_LENGTH) code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** What the join field does to typed input: trimmed and upper-cased. */
export function normalizeJoinCode(input: string): string {
  return input.trim().toUpperCase();
}
