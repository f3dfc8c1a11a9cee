/**
 * `npm run load -- --profile FILE`: the app Worker's CPU profile while the students run, read
 * through wrangler's inspector (the Chrome DevTools Protocol's Profiler domain), written as a
 * .cpuprofile (open it in Chrome DevTools) and summed up by function, heaviest first.
 */
type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

type Message = { id?: number; result?: { profile?: CpuProfile }; error?: { message: string } };

const STOP_ID = 4;

/** Node 20's WebSocket (behind --experimental-websocket, set by the npm script) takes the headers wrangler's inspector asks for. */
type HeaderedWebSocket = new (url: string, options: { headers: Record<string, string> }) => WebSocket;

function openInspector(inspectorPort: number): Promise<WebSocket> {
  const socket = new (WebSocket as unknown as HeaderedWebSocket)(`ws://127.0.0.1:${inspectorPort}/ws`, {
    headers: { Origin: `http://127.0.0.1:${inspectorPort}` },
  });
  return new Promise((opened, failed) => {
    socket.onopen = () => opened(socket);
    socket.onerror = () => failed(new Error(`could not open the inspector on port ${inspectorPort}`));
  });
}

/** Starts the profiler of the Worker behind wrangler dev's inspector on `inspectorPort`; `stop` returns the profile. */
export async function startProfile(inspectorPort: number): Promise<{ stop(): Promise<CpuProfile> }> {
  if (typeof WebSocket === "undefined") throw new Error("--profile needs Node's WebSocket: run it through `npm run load` (it sets --experimental-websocket)");
  // The inspector may still be starting beside a Worker that already answers.
  let socket: WebSocket | undefined;
  for (let attempt = 0; !socket; attempt++) {
    try {
      socket = await openInspector(inspectorPort);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((retry) => setTimeout(retry, 500));
    }
  }
  const opened = socket;
  let profiled: ((message: Message) => void) | undefined;
  opened.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    if (message.id === STOP_ID && (message.result || message.error)) profiled?.(message);
  };
  // wrangler's proxy echoes each command and passes on only answers that carry something (Profiler.stop's),
  // so the commands before it are sent without waiting for theirs.
  const post = (id: number, method: string, params: Record<string, unknown> = {}) => opened.send(JSON.stringify({ id, method, params }));
  post(1, "Profiler.enable");
  // 1 ms between samples: a submit's own work is a few milliseconds.
  post(2, "Profiler.setSamplingInterval", { interval: 1000 });
  post(3, "Profiler.start");
  await new Promise((settle) => setTimeout(settle, 500));
  return {
    async stop() {
      const answer = await new Promise<Message>((answered) => {
        profiled = answered;
        post(STOP_ID, "Profiler.stop");
      });
      opened.close();
      if (!answer.result?.profile) throw new Error(`the profiler gave no profile: ${answer.error?.message ?? "no answer"}`);
      return answer.result.profile;
    },
  };
}

export type FunctionTime = { name: string; where: string; ms: number; share: number };

/**
 * Time by function (name and place), heaviest first, as a share of the busy time (the samples
 * the profiler did not name "(idle)"). `self`: the samples in the function itself; `inclusive`:
 * those with the function anywhere on the stack (counted once a sample, however deep it recurses).
 * The garbage collector and the rest are named as the profiler names them.
 */
export function heaviestFunctions(profile: CpuProfile, count: number, mode: "self" | "inclusive" = "self"): FunctionTime[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = (frame: CallFrame) => {
    const name = frame.functionName || "(anonymous)";
    const where = frame.url ? `${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}` : "";
    return { key: `${name}@${where}`, name, where };
  };
  const micros = new Map<string, { name: string; where: string; micros: number }>();
  let busy = 0;
  profile.samples.forEach((nodeId, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const frame = byNode.get(nodeId)?.callFrame;
    if (!frame || frame.functionName === "(idle)") return;
    busy += delta;
    const stack = mode === "self" ? [nodeId] : [nodeId, ...ancestors(nodeId, parentOf)];
    const counted = new Set<string>();
    for (const id of stack) {
      const { key, name, where } = keyOf(byNode.get(id)!.callFrame);
      if (counted.has(key) || name === "(root)") continue;
      counted.add(key);
      const entry = micros.get(key) ?? { name, where, micros: 0 };
      entry.micros += delta;
      micros.set(key, entry);
    }
  });
  return [...micros.values()]
    .sort((a, b) => b.micros - a.micros)
    .slice(0, count)
    .map((entry) => ({ name: entry.name, where: entry.where, ms: entry.micros / 1000, share: busy > 0 ? entry.micros / busy : 0 }));
}

function ancestors(nodeId: number, parentOf: Map<number, number>): number[] {
  const found: number[] = [];
  for (let parent = parentOf.get(nodeId); parent !== undefined; parent = parentOf.get(parent)) found.push(parent);
  return found;
}
