/** The chunks as one array of `length` bytes, in order: a single chunk is answered as it is, not copied. */
export function joinBytes<Buffer extends ArrayBufferLike>(chunks: readonly Uint8Array<Buffer>[], length: number): Uint8Array<Buffer | ArrayBuffer> {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
