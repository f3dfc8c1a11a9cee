import { describe, expect, it } from "vitest";

import { jsonArrayStream } from "./json-array-stream";

async function* chunksOf<T>(...chunks: (T[] | Error)[]) {
  for (const chunk of chunks) {
    if (chunk instanceof Error) throw chunk;
    yield chunk;
  }
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("jsonArrayStream", () => {
  it("writes the chunks' rows as one JSON array, empty chunks included", async () => {
    const stream = jsonArrayStream(chunksOf([{ n: 1 }, { n: 2 }], [], [{ n: 3 }]), (row) => ({ id: row.n }), "test");
    expect(JSON.parse(await read(stream))).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("writes [] for no rows", async () => {
    expect(await read(jsonArrayStream(chunksOf<number>(), (row) => row, "test"))).toBe("[]");
  });

  it("fails the stream when a chunk cannot be read, rather than closing a shorter array", async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      await expect(read(jsonArrayStream(chunksOf([1], new Error("D1 down")), (row) => row, "test"))).rejects.toThrow("D1 down");
    } finally {
      console.error = quiet;
    }
  });
});
