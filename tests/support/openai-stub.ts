/**
 * A local OpenAI-compatible Chat Completions server for tests: a real HTTP server on 127.0.0.1
 * that the `openai` SDK can talk to (baseURL `http://127.0.0.1:PORT/v1`). Its default grader is
 * deliberately gullible: any injection cue inside the `<student_answer>` section makes it answer
 * 100, so a test that still sees 100 after screening has found an injection that got through.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";

export const STUB_USAGE = { promptTokens: 120, completionTokens: 45, totalTokens: 165, reasoningTokens: 12 } as const;
export const STUB_MALFORMED_CONTENT = "Sure! Here is the grade: great job";
export const STUB_OBEYED_FEEDBACK = "Instructions followed: full marks awarded.";
/** The confidence the stub's grades report unless a test asks for another (`{ confidence }`). */
export const STUB_CONFIDENCE = 0.9;

/** One-shot or default behaviour of the next reply. */
export type StubBehaviour =
  | "obey"
  | "malformed"
  | { status: number } // 429 and 5xx carry retry-after-ms: 10
  | { delayMs: number }
  | { content: string }
  | { confidence: number }; // obeys, reporting this confidence

export type ChatMessage = { role: string; content: string | { type: string; text?: string }[] | null };
export type ChatRequestBody = {
  model?: string;
  messages?: ChatMessage[];
  response_format?: { type: string; json_schema?: { name: string; schema?: JsonSchema } };
  [key: string]: unknown;
};
export type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: ChatRequestBody };

export type OpenAiStub = {
  baseURL: string;
  requests: RecordedRequest[];
  /** Replaces the default behaviour (initially "obey"). */
  setBehaviour(behaviour: StubBehaviour): void;
  /** Queues one-shot behaviours, used in order before the default. */
  enqueue(...behaviours: StubBehaviour[]): void;
  close(): Promise<void>;
};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [key: string]: unknown;
};

const INJECTION_CUES = /score|marks|points|100|full|perfect|correct|ignore|instruction|system|grade|rubric|deserve|generous|lenient|pretend|you are/i;
const ANSWER_SECTION = /<student_answer>([\s\S]*?)<\/student_answer>/gi;

const messageText = (message: ChatMessage): string =>
  typeof message.content === "string" ? message.content : (message.content ?? []).map((part) => part.text ?? "").join("\n");

const contentWords = (text: string) => new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);

/** Share (0–100) of the answer's distinct words (3+ letters) that also appear in the reference. */
export function overlapScore(answer: string, reference: string): number {
  const answerWords = contentWords(answer);
  if (answerWords.size === 0) return 0;
  const referenceWords = contentWords(reference);
  const shared = [...answerWords].filter((word) => referenceWords.has(word)).length;
  return Math.round((100 * shared) / answerWords.size);
}

/** The student answer (delimited sections, or the last user message) and the rest of the prompt. */
export function splitPrompt(messages: ChatMessage[]): { answer: string; reference: string } {
  const all = messages.map(messageText).join("\n");
  const sections = [...all.matchAll(ANSWER_SECTION)].map((match) => match[1] ?? "");
  if (sections.length > 0) return { answer: sections.join("\n"), reference: all.replace(ANSWER_SECTION, " ") };
  const lastUser = [...messages].reverse().find((message) => message.role === "user");
  const answer = lastUser ? messageText(lastUser) : "";
  return {
    answer,
    reference: messages
      .filter((m) => m !== lastUser)
      .map(messageText)
      .join("\n"),
  };
}

/** The gullible grader: an injection cue in the answer wins 100; otherwise word overlap. */
export function gullibleGrade(messages: ChatMessage[]): { score: number; feedback: string } {
  const { answer, reference } = splitPrompt(messages);
  if (INJECTION_CUES.test(answer)) return { score: 100, feedback: STUB_OBEYED_FEEDBACK };
  return { score: overlapScore(answer, reference), feedback: "Graded by word overlap with the question." };
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref?.startsWith("#/")) return schema;
  const target = schema.$ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
  return resolveRef((target ?? {}) as JsonSchema, root);
}

/** A small valid value for a JSON schema: strings "stub", numbers their minimum or 15, one array item. */
export function sampleFromSchema(input: JsonSchema, root: JsonSchema = input): unknown {
  const schema = resolveRef(input, root);
  if ("const" in schema) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.anyOf?.[0]) return sampleFromSchema(schema.anyOf[0], root);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return "stub".repeat(Math.ceil((schema.minLength ?? 1) / 4)).slice(0, schema.maxLength ?? Infinity);
    case "number":
    case "integer": {
      const lowest = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 15 : schema.exclusiveMinimum + 1);
      return Math.min(lowest, schema.maximum ?? lowest);
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      const count = Math.min(Math.max(1, schema.minItems ?? 0), schema.maxItems ?? 1);
      return Array.from({ length: count }, () => (schema.items ? sampleFromSchema(schema.items, root) : "stub"));
    }
    default: {
      const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleFromSchema(value, root)]);
      return Object.fromEntries(entries);
    }
  }
}

/** The obeying reply's content in the requested format: a grading result, with its confidence, when the schema has `score`. */
export function obeyContent(body: ChatRequestBody, confidence = STUB_CONFIDENCE): string {
  const grade = gullibleGrade(body.messages ?? []);
  const schema = body.response_format?.json_schema?.schema;
  if (body.response_format?.type === "json_object") return JSON.stringify(grade);
  if (body.response_format?.type !== "json_schema" || !schema) return `Score: ${grade.score}. ${grade.feedback}`;
  const sample = sampleFromSchema(schema) as Record<string, unknown>;
  if (!("score" in sample)) return JSON.stringify(sample);
  // The schema's sample would be its minimum, 0: every grade unsure and flagged.
  const reported = "confidence" in sample ? { confidence } : {};
  return JSON.stringify({ ...sample, ...grade, ...reported, strengths: ["stub"], improvements: ["stub"], keyPoints: ["stub"] });
}

function completion(model: string, content: string, id: number) {
  return {
    id: `chatcmpl-stub-${id}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
    usage: {
      prompt_tokens: STUB_USAGE.promptTokens,
      completion_tokens: STUB_USAGE.completionTokens,
      total_tokens: STUB_USAGE.totalTokens,
      completion_tokens_details: { reasoning_tokens: STUB_USAGE.reasoningTokens },
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed || res.writableEnded) return; // the client gave up (a timeout test)
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string) {
  const type = status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  // retry-after-ms keeps the SDK's automatic retries fast.
  const headers: Record<string, string> = status === 429 || status >= 500 ? { "retry-after-ms": "10" } : {};
  sendJson(res, status, { error: { message, type, code: type, param: null } }, headers);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startOpenAiStub(options: { behaviour?: StubBehaviour } = {}): Promise<OpenAiStub> {
  const requests: RecordedRequest[] = [];
  const queue: StubBehaviour[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let defaultBehaviour: StubBehaviour = options.behaviour ?? "obey";

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (timers.delete(timer), resolve()), ms);
      timers.add(timer);
    });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? "/", "http://stub").pathname;
    const raw = await readBody(req);
    if (req.method !== "POST" || !/^(\/v1)?\/chat\/completions\/?$/.test(path)) return sendError(res, 404, `No route ${req.method} ${path}`);
    let body: ChatRequestBody;
    try {
      body = JSON.parse(raw) as ChatRequestBody;
    } catch {
      return sendError(res, 400, "Request body is not JSON");
    }
    requests.push({ method: req.method, path, headers: req.headers, body });
    if (body.stream === true) return sendError(res, 400, "The stub does not stream");
    const behaviour = queue.shift() ?? defaultBehaviour;
    const model = body.model ?? "stub-model";
    if (behaviour === "malformed") return sendJson(res, 200, completion(model, STUB_MALFORMED_CONTENT, requests.length));
    if (typeof behaviour === "object" && "status" in behaviour) return sendError(res, behaviour.status, `Stubbed ${behaviour.status}`);
    if (typeof behaviour === "object" && "content" in behaviour) return sendJson(res, 200, completion(model, behaviour.content, requests.length));
    if (typeof behaviour === "object" && "delayMs" in behaviour) await wait(behaviour.delayMs);
    const confidence = typeof behaviour === "object" && "confidence" in behaviour ? behaviour.confidence : STUB_CONFIDENCE;
    sendJson(res, 200, completion(model, obeyContent(body, confidence), requests.length));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    setBehaviour: (behaviour) => void (defaultBehaviour = behaviour),
    enqueue: (...behaviours) => void queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
