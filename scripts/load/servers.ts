/**
 * The two servers `npm run load` measures, each a process tree it starts and stops itself:
 * the app through `node scripts/start.mjs` (build, migrations, seed, `wrangler dev`) on a fresh
 * state folder, and an empty Worker under the same `wrangler dev`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

export interface Server {
  url: string;
  logFile: string;
  /** Set when the process tree ended before stop() was called (a crash). */
  exited: { code: number | null; signal: string | null } | null;
  stop(): Promise<void>;
}

/** Every live process below `root` (by parent pid), read from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we read
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Every process seen in a tree this run started, to report any that outlived stop(). */
const seen = new Set<number>();
export const leftovers = () => [...seen].filter(alive);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv, port: number, logFile: string, cwd?: string): Server {
  const log = createWriteStream(logFile);
  // Its own process group, so a Ctrl+C of `npm run load` reaches us first and we stop it in order.
  const child: ChildProcess = spawn(command, args, { env, cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let stopping = false;
  const server: Server = {
    url: `http://127.0.0.1:${port}`,
    logFile,
    exited: null,
    async stop() {
      stopping = true;
      const tree = [child.pid!, ...descendants(child.pid!)];
      for (const pid of tree) seen.add(pid);
      // The group first, and wait for its leader: start.mjs forwards SIGTERM to wrangler's own group.
      signal(-child.pid!, "SIGTERM");
      let deadline = Date.now() + 10_000;
      while (alive(child.pid!) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
      // Then every process we saw, and any started since.
      for (const pid of [...tree, ...descendants(child.pid!)]) {
        seen.add(pid);
        if (!tree.includes(pid)) tree.push(pid);
        signal(pid, "SIGTERM");
      }
      deadline = Date.now() + 10_000;
      while (tree.some(alive) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
      for (const pid of tree.filter(alive)) signal(pid, "SIGKILL");
      while (tree.some(alive) && Date.now() < deadline + 5_000) await new Promise((done) => setTimeout(done, 100));
    },
  };
  child.on("exit", (code, killSignal) => {
    if (!stopping) server.exited = { code, signal: killSignal };
  });
  return server;
}

/**
 * Polls `url` until the Worker answers (any HTTP status but 502: `npm start`'s front door answers
 * 502 while wrangler dev behind it is still starting), or throws after `timeoutMs`.
 */
export async function waitUntilUp(server: Server, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.exited) throw new Error(`the server exited (${JSON.stringify(server.exited)}); see ${server.logFile}`);
    try {
      const response = await fetch(`${server.url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status !== 502) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${server.url} did not answer within ${timeoutMs / 1000} s; see ${server.logFile}`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

/** `npm start` exactly, on its own port and state folder; with `inspectorPort`, wrangler's inspector listens there (for `--profile`). */
export function startApp(port: number, stateDir: string, logFile: string, inspectorPort?: number): Server {
  const inspector = inspectorPort === undefined ? {} : { INSPECTOR_PORT: String(inspectorPort) };
  return launch(process.execPath, ["scripts/start.mjs"], { ...process.env, PORT: String(port), STATE_DIR: stateDir, ...inspector }, port, logFile);
}

/**
 * The empty Worker as `npm run load` compares it: behind `npm start`'s front door and under
 * `wrangler dev`, like the app (scripts/load/serve-empty.mjs), its files in `dir`.
 */
export function startEmptyBehindFront(port: number, dir: string, logFile: string): Server {
  return launch(process.execPath, ["scripts/load/serve-empty.mjs"], { ...quietEnv, PORT: String(port), WORK_DIR: dir }, port, logFile);
}

/** scripts/load/empty-worker.js (or another one-file Worker) under `wrangler dev` alone (no front door), configured from a throwaway wrangler.toml in `dir`. */
export function startEmptyWorker(port: number, dir: string, logFile: string, mainFile = "scripts/load/empty-worker.js"): Server {
  const main = resolve(mainFile);
  writeFileSync(
    join(dir, "wrangler.toml"),
    `name = "load-empty-worker"\nmain = ${JSON.stringify(main)}\ncompatibility_date = "2025-09-01"\nno_bundle = true\n`,
  );
  const wrangler = resolve("node_modules/.bin/wrangler");
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", join(dir, "state"), "--show-interactive-dev-session=false"];
  return launch(wrangler, args, quietEnv, port, logFile, dir);
}
