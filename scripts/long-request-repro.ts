/**
 * `npm run repro:long-request`: does a request of several seconds leave the next one hanging under
 * `wrangler dev`? Once, a 7 s request (demo data, since moved to the queue) was followed by a
 * request that hung until a third arrived. This reproduces the shape with nothing of ours: a
 * one-file Worker (scripts/load/slow-worker.js) under the same `wrangler dev`, a long request
 * (waiting on a timer, then busy on the CPU), then at once a plain one, timed. It prints each
 * follow-up's time and exits 1 when one took over 5 s (a hang).
 *
 *   npm run repro:long-request -- [--ms 8000] [--rounds 3] [--port 8796]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { startEmptyWorker, waitUntilUp } from "./load/servers";

const { values } = parseArgs({
  options: { ms: { type: "string", default: "8000" }, rounds: { type: "string", default: "3" }, port: { type: "string", default: "8796" } },
});
const longMs = Number(values.ms);
const rounds = Number(values.rounds);
const HANG_MS = 5_000;

const dir = mkdtempSync(join(tmpdir(), "ate-long-request-"));
const server = startEmptyWorker(Number(values.port), dir, join(dir, "wrangler.log"), "scripts/load/slow-worker.js");
const timed = async (path: string) => {
  const started = performance.now();
  const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(120_000) });
  await response.text();
  return Math.round(performance.now() - started);
};

let hung = 0;
try {
  await waitUntilUp(server, 120_000);
  console.log(`wrangler dev up at ${server.url}; ${rounds} rounds of a ${longMs} ms request, then a plain one at once`);
  for (const kind of ["wait", "busy"] as const) {
    for (let round = 1; round <= rounds; round++) {
      const long = await timed(`/${kind}?ms=${longMs}`);
      const next = await timed("/");
      if (next > HANG_MS) hung++;
      console.log(`${kind.padEnd(4)} round ${round}: long request ${long} ms, next request ${next} ms${next > HANG_MS ? "  HUNG" : ""}`);
    }
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(hung ? `${hung} follow-up request(s) hung (over ${HANG_MS} ms)` : `no follow-up request took over ${HANG_MS} ms: not reproduced`);
process.exit(hung ? 1 : 0);
