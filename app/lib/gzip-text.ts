/**
 * Text gzipped and written as base64, so a large JSON value fits a text column in a fraction of
 * its size (Web Streams' CompressionStream: the same in Workers and Node).
 */
export async function gzipToBase64(text: string): Promise<string> {
  const compressed = await gzipText(text);
  let binary = "";
  // In slices: String.fromCharCode takes its bytes as arguments, and a call has a limit on those.
  for (let start = 0; start < compressed.length; start += 0x8000) binary += String.fromCharCode(...compressed.subarray(start, start + 0x8000));
  return btoa(binary);
}

export async function gunzipFromBase64(base64: string): Promise<string> {
  const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}

/** Text gzipped, as bytes (an R2 object's body). */
export async function gzipText(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer());
}

export async function gunzipText(bytes: ArrayBuffer): Promise<string> {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
}
