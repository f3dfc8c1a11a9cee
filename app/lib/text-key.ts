const encoder = new TextEncoder();

/**
 * The key under which a text is stored once (`question_texts`, ADR 0048 amended 2026-11-27 (2)):
 * the first 16 bytes of its SHA-256 as base64url, 22 characters. Equal texts share a key, and
 * 128 bits put two different texts sharing one out of reach, whoever writes them.
 */
export async function textKey(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  return btoa(String.fromCharCode(...digest.subarray(0, 16)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
