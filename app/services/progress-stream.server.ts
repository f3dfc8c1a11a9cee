import { JSON_LINES_TYPE, type ProgressLine } from "~/lib/json-lines";
import { describeFailure } from "./http-errors.server";

/** Whether the caller asked for the work's progress as it runs (`Accept: application/x-ndjson`). */
export function wantsProgress(request: Request): boolean {
  return (request.headers.get("Accept") ?? "").includes(JSON_LINES_TYPE);
}

/**
 * Answers at once with a stream of JSON lines (lib/json-lines.ts) and runs `work` while it is
 * read: a `{progress}` line each time the work reports, then `{result}`, or `{error, status}` with
 * the failure's message as the API would answer it (never an unexpected error's own text).
 * The status is 200: the outcome is not known when the answer starts.
 */
export function progressResponse<Progress, Result>(
  ctx: ExecutionContext,
  where: string,
  work: (report: (progress: Progress) => void) => Promise<Result>,
): Response {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let writing = Promise.resolve();
  const send = (line: ProgressLine<Progress, Result>) => {
    writing = writing.then(() => writer.write(encoder.encode(`${JSON.stringify(line)}\n`))).catch(() => undefined);
    return writing;
  };
  const run = (async () => {
    try {
      await send({ result: await work((progress) => void send({ progress })) });
    } catch (error) {
      const { status, message } = describeFailure(error, where);
      await send({ error: message, status });
    } finally {
      await writing;
      await writer.close().catch(() => undefined);
    }
  })();
  ctx.waitUntil(run);
  return new Response(readable, { headers: { "Content-Type": `${JSON_LINES_TYPE}; charset=utf-8`, "Cache-Control": "no-store" } });
}
