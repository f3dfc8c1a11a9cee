import { describe, expect, it } from "vitest";

import { lineSplitter, readJsonLines } from "./json-lines";

describe("lineSplitter", () => {
  it("gives whole lines only, keeping a line cut between chunks until it is complete", () => {
    const splitter = lineSplitter();
    expect(splitter.push('{"progress":1}\n{"prog')).toEqual(['{"progress":1}']);
    expect(splitter.push('ress":2}\n\n')).toEqual(['{"progress":2}']);
    expect(splitter.push('{"result":3}')).toEqual([]);
    expect(splitter.flush()).toEqual(['{"result":3}']);
  });
});

describe("readJsonLines", () => {
  it("parses each line as it arrives", async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of ['{"progress":{"done":0}}\n{"progress":', '{"done":1}}\n', '{"result":"ok"}\n']) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const lines: unknown[] = [];
    await readJsonLines(body, (line) => lines.push(line));
    expect(lines).toEqual([{ progress: { done: 0 } }, { progress: { done: 1 } }, { result: "ok" }]);
  });
});
