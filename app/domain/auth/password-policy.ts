/**
 * A password for a new local account: long rather than complicated (NIST SP 800-63B).
 * Kept apart from the zod schemas so the sign-in page can use it without shipping zod.
 */
export const MIN_PASSWORD_LENGTH = 12;
