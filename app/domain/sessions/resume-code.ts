import { JOIN_CODE_ALPHABET } from "~/domain/classes/join-codes";

/**
 * The short code a test page shows its student, so they can continue on another device: typed with the join code, name and student ID, it hands the session to that browser.
 * Same alphabet as join codes (no I, O, 0 or 1 to misread); 6 characters is 32⁶ ≈ 10⁹ codes for
 * one student's one session, and wrong codes are throttled per address and per class (ADR 0015).
 */
export const RESUME_CODE_LENGTH = 6;

export function generateResumeCode(random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size))): string {
  return Array.from(random(RESUME_CODE_LENGTH), (byte) => JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length]).join("");
}

export function sameResumeCode(typed: string, stored: string | null): boolean {
  return stored !== null && typed.trim().toUpperCase() === stored;
}
