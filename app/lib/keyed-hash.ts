const encoder = new TextEncoder();

/**
 * A keyed hasher (HMAC-SHA-256 through WebCrypto, in workerd and Node alike): `hash(text)` is the
 * hex digest. Without the key the digests cannot be tried against guessed IDs, as a plain hash of
 * a short student ID could.
 */
export async function keyedHasher(secret: string): Promise<(text: string) => Promise<string>> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (text) => {
    const digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
    return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  };
}
