/**
 * A local stand-in for the Workers AI binding (`env.AI`, wrangler.toml `[ai]`), for tests: the
 * Worker sees an object with `run(model, inputs)` that answers `{ response, usage }` or throws,
 * as the real binding does. It is a Miniflare wrapped binding (WORKERS_AI_BINDING_MODULE, the
 * same kind of module that backs the real one) that hands each call to this process, where the
 * test can read what was sent and script the replies. Its grader is the OpenAI stub's, deliberately
 * gullible (tests/support/openai-stub.ts): an injection cue in the answer wins 100.
 */
import { type ChatMessage, obeyContent, STUB_MALFORMED_CONTENT } from "./openai-stub";

export const WORKERS_AI_STUB_USAGE = { prompt_tokens: 210, completion_tokens: 60, total_tokens: 270 } as const;
/** What the Worker's AI binding sees when the capacity of the model runs out (Workers AI's code 3040). */
export const CAPACITY_ERROR = "3040: Capacity temporarily exceeded, please try again.";

/** One-shot or default behaviour of the next call. */
export type WorkersAiBehaviour =
  | "obey"
  | "malformed"
  /** Thrown by the binding, as an Error with this message. */
  | { error: string }
  | { delayMs: number }
  /** Answered as `response` (a string, or an object as JSON mode may give). */
  | { response: unknown };

export type WorkersAiCall = {
  model: string;
  inputs: { messages?: ChatMessage[]; response_format?: { type: string; json_schema?: Record<string, unknown> }; max_tokens?: number; [key: string]: unknown };
};

export type WorkersAiStub = {
  calls: WorkersAiCall[];
  /** Replaces the default behaviour (initially "obey"). */
  setBehaviour(behaviour: WorkersAiBehaviour): void;
  /** Queues one-shot behaviours, used in order before the default. */
  enqueue(...behaviours: WorkersAiBehaviour[]): void;
  /** The wrapped binding's way back to this process (a Miniflare service binding function). */
  handle(request: Request): Promise<Response>;
};

/**
 * The module Miniflare evaluates as the binding: its default export gets the inner bindings and
 * returns what `env.AI` is. A thrown error carries the message only, as the real binding's do.
 */
export const WORKERS_AI_BINDING_MODULE = `export default function (env) {
  return {
    async run(model, inputs) {
      const answer = await env.STUB.fetch("http://workers-ai-stub/run", { method: "POST", body: JSON.stringify({ model, inputs }) });
      const body = await answer.json();
      if (body.error) throw new Error(body.error);
      return body.output;
    },
  };
}`;

/** The stub as a binding in this process (no Worker): what the binding module does, for tests of the provider alone. */
export function inProcessBinding(stub: WorkersAiStub) {
  return {
    async run(model: string, inputs: Record<string, unknown>): Promise<unknown> {
      const answer = await stub.handle(new Request("http://workers-ai-stub/run", { method: "POST", body: JSON.stringify({ model, inputs }) }));
      const body = (await answer.json()) as { error?: string; output?: unknown };
      if (body.error) throw new Error(body.error);
      return body.output;
    },
  };
}

/** The obeying reply: a grading result when the schema has a score, else a sample of the schema. */
function obeyResponse(inputs: WorkersAiCall["inputs"]): string {
  const schema = inputs.response_format?.json_schema;
  const format = inputs.response_format?.type === "json_schema" && schema ? { type: "json_schema", json_schema: { name: "task", schema } } : undefined;
  return obeyContent({ messages: inputs.messages ?? [], response_format: format });
}

export function createWorkersAiStub(options: { behaviour?: WorkersAiBehaviour } = {}): WorkersAiStub {
  const calls: WorkersAiCall[] = [];
  const queue: WorkersAiBehaviour[] = [];
  let defaultBehaviour: WorkersAiBehaviour = options.behaviour ?? "obey";

  async function handle(request: Request): Promise<Response> {
    const call = (await request.json()) as WorkersAiCall;
    calls.push(call);
    const behaviour = queue.shift() ?? defaultBehaviour;
    if (typeof behaviour === "object" && "error" in behaviour) return Response.json({ error: behaviour.error });
    if (typeof behaviour === "object" && "delayMs" in behaviour) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
    const response =
      behaviour === "malformed"
        ? STUB_MALFORMED_CONTENT
        : typeof behaviour === "object" && "response" in behaviour
          ? behaviour.response
          : obeyResponse(call.inputs);
    return Response.json({ output: { response, usage: WORKERS_AI_STUB_USAGE } });
  }

  return {
    calls,
    setBehaviour: (behaviour) => void (defaultBehaviour = behaviour),
    enqueue: (...behaviours) => void queue.push(...behaviours),
    handle,
  };
}
