/**
 * A JSON array written as its chunks are read, so a long list never sits whole in the Worker's
 * memory. A chunk that fails to read ends the stream with an error: the client's JSON is then
 * incomplete and fails to parse, rather than passing for a shorter list.
 */
export function jsonArrayStream<Row>(chunks: AsyncIterable<Row[]>, toJson: (row: Row) => unknown, label: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
    },
    async pull(controller) {
      try {
        // A pull must enqueue something or the stream stalls: an empty chunk reads on.
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            controller.enqueue(encoder.encode("]"));
            controller.close();
            return;
          }
          if (!next.value.length) continue;
          controller.enqueue(encoder.encode(`${first ? "" : ","}${next.value.map((row) => JSON.stringify(toJson(row))).join(",")}`));
          first = false;
          return;
        }
      } catch (error) {
        console.error(`Streaming ${label} failed`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
