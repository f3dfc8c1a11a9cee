/**
 * One line of a progress stream (`application/x-ndjson`): how far the work has got, then either
 * its result or the reason it failed. A long request reports real progress this way without a
 * job table: the answer arrives line by line while the work runs.
 */
export type ProgressLine<Progress, Result> = { progress: Progress } | { result: Result } | { error: string; status: number };

export const JSON_LINES_TYPE = "application/x-ndjson";

/** Splits text that arrives in chunks into complete lines; `flush` gives back a last line with no newline. */
export function lineSplitter() {
  let rest = "";
  return {
    push(chunk: string): string[] {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      return lines.filter((line) => line.trim() !== "");
    },
    flush(): string[] {
      const last = rest.trim();
      rest = "";
      return last ? [last] : [];
    },
  };
}

/** Reads a stream of JSON lines, calling `onLine` with each parsed value as it arrives. */
export async function readJsonLines(body: ReadableStream<Uint8Array>, onLine: (value: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const splitter = lineSplitter();
  for (;;) {
    const { done, value } = await reader.read();
    const lines = done ? splitter.flush() : splitter.push(decoder.decode(value, { stream: true }));
    for (const line of lines) onLine(JSON.parse(line));
    if (done) return;
  }
}
