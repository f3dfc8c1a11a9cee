/**
 * Password hashing with PBKDF2-SHA256 through WebCrypto, which both workerd and Node provide.
 * Cloudflare Workers cap PBKDF2 at 100,000 iterations, so that is the ceiling we use.
 * Stored form: "pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>".
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const KEY_BYTES = 32;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BYTES * 8);
  return new Uint8Array(bits);
}

/** Compares every byte whatever the first difference, so timing does not leak the hash. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > PBKDF2_ITERATIONS) throw new Error(`PBKDF2 iterations are capped at ${PBKDF2_ITERATIONS}`);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return [SCHEME, iterations, toBase64(salt), toBase64(hash)].join("$");
}

/**
 * True when the password matches. A malformed stored value never matches. Callers without
 * a stored hash (unknown e-mail) pass null, and we still spend the same work so the answer
 * time does not reveal whether the account exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  const [scheme, iterationText, saltText, hashText] = parts;
  const iterations = Number(iterationText);
  const wellFormed =
    parts.length === 4 && scheme === SCHEME && Number.isInteger(iterations) && iterations > 0 && iterations <= PBKDF2_ITERATIONS && !!saltText && !!hashText;
  if (!wellFormed) {
    await derive(password, new Uint8Array(16), PBKDF2_ITERATIONS);
    return false;
  }
  try {
    const expected = fromBase64(hashText);
    const actual = await derive(password, fromBase64(saltText), iterations);
    return constantTimeEqual(actual, expected);
  } catch {
    return false;
  }
}
