/**
 * The simulated students of `npm run load`: each joins the demo class, starts its test, answers
 * every question it is asked and completes, over HTTP like a browser (its own student-pass cookie).
 */
import { Timings } from "./stats";

export type Step = "join" | "register" | "start" | "first question" | "submit" | "complete";
export const STEPS: Step[] = ["join", "register", "start", "first question", "submit", "complete"];

type Question = { id: string; type: string; options?: string[] };

export interface StudentRun {
  studentId: string;
  sessionId: string | null;
  /** Question ids the server acknowledged (200, saved "recorded"), in order. */
  acknowledged: string[];
  completed: boolean;
  error: string | null;
}

export interface Report {
  timings: Record<Step, Timings>;
  students: StudentRun[];
  /** The submit phase: from the moment every student had its first question to the last submit's answer. */
  submitWindowMs: number;
  errorSamples: string[];
}

class HttpError extends Error {}

const REQUEST_TIMEOUT_MS = 120_000;
/**
 * wrangler dev's ProxyWorker answers this 503 itself when its own request to the Worker's runtime
 * fails ("Network connection lost": cloudflare/workers-sdk#4562), with Retry-After: 0. The app
 * never sends it, so the students do what it asks, up to PROXY_RETRIES times, and we count it.
 */
const PROXY_RESTARTED = "Your worker restarted mid-request";
/** What `npm start`'s front door (scripts/local-front.mjs) answers, 502, when it could not reach wrangler dev behind it. */
const FRONT_DOOR_STARTING = "The local server is starting";
const PROXY_RETRIES = 3;
export const proxyRetries: Partial<Record<Step, number>> = {};

/** An answer from the local relays (wrangler dev's proxy or the front door), not from the Worker: the request may be sent again. */
const relayFailed = (status: number, text: string) =>
  (status === 503 && text.startsWith(PROXY_RESTARTED)) || (status === 502 && text.startsWith(FRONT_DOOR_STARTING));

/** One browser: a cookie jar and timed JSON calls. */
class Client {
  private cookies = new Map<string, string>();
  constructor(
    private base: string,
    private timings: Record<Step, Timings>,
  ) {}

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read loosely
  async call(step: Step, method: string, path: string, body?: unknown): Promise<{ status: number; data: any }> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      for (let attempt = 0; ; attempt++) {
        response = await fetch(`${this.base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        text = await response.text();
        if (!relayFailed(response.status, text) || attempt >= PROXY_RETRIES) break;
        proxyRetries[step] = (proxyRetries[step] ?? 0) + 1;
      }
    } catch (error) {
      this.timings[step].errors += 1;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new HttpError(`${step}: ${method} ${path}: ${cause?.code ?? ""} ${cause?.message ?? (error as Error).message}`.trim());
    }
    const elapsed = performance.now() - started;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      if (at > 0) this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    if (response.status >= 300) {
      this.timings[step].errors += 1;
      throw new HttpError(`${step}: ${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    }
    this.timings[step].add(elapsed);
    return { status: response.status, data: text ? JSON.parse(text) : null };
  }
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** An answer of the right form, right or wrong at random (the options' order does not say which). */
function answerFor(question: Question): unknown {
  const options = question.options ?? [];
  switch (question.type) {
    case "multiple_choice":
      return pick(options);
    case "multiple_select": {
      const chosen = options.filter(() => Math.random() < 0.5);
      return chosen.length ? chosen : [pick(options)];
    }
    case "chat":
      return { messages: [{ role: "user", content: pick(["I think it is about sharing equally.", "No idea.", "Because the parts are the same size."]) }] };
    default:
      return pick(["I would divide both sides by the same number and check the result.", "I don't know.", "Photosynthesis turns light into chemical energy."]);
  }
}

/** Runs `count` tasks, at most `limit` at a time. */
async function pool(count: number, limit: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Told of each acknowledged answer: the student's how-many-th, when its submit was sent and when its answer came (performance.now()). */
export type OnAnswer = (studentId: string, answered: number, sentAt: number, ackedAt: number) => void;

export async function runStudents(base: string, students: number, concurrency: number, joinCode = "DEMOCLASS", onAnswer?: OnAnswer): Promise<Report> {
  const timings = Object.fromEntries(STEPS.map((step) => [step, new Timings()])) as Record<Step, Timings>;
  const runs: StudentRun[] = [];
  const errorSamples: string[] = [];
  const runTag = Date.now().toString(36);
  const fail = (run: StudentRun, error: unknown) => {
    run.error = (error as Error).message;
    if (errorSamples.length < 10) errorSamples.push(run.error);
  };

  // Phase 1: join, register, start, read the first question (these read and write D1).
  const ready: { run: StudentRun; client: Client; question: Question }[] = [];
  await pool(students, concurrency, async (index) => {
    const run: StudentRun = { studentId: `load-${runTag}-${index}`, sessionId: null, acknowledged: [], completed: false, error: null };
    runs.push(run);
    const client = new Client(base, timings);
    try {
      const schoolClass = (await client.call("join", "GET", `/api/cohorts/join/${joinCode}`)).data;
      await client.call("register", "POST", "/api/cohort-members", {
        cohortId: schoolClass.id,
        studentId: run.studentId,
        displayName: `Load Student ${index}`,
      });
      const started = await client.call("start", "POST", "/api/sessions/start", {
        testConfigId: schoolClass.testConfigId,
        testMode: schoolClass.testMode ?? "placement",
        userId: run.studentId,
        cohortId: schoolClass.id,
      });
      run.sessionId = started.data.sessionId;
      const { question } = (await client.call("first question", "GET", `/api/sessions/${run.sessionId}/next-question`)).data;
      if (!question) throw new Error(`first question: session ${run.sessionId} asks nothing`);
      ready.push({ run, client, question });
    } catch (error) {
      fail(run, error);
    }
  });

  // Phase 2: every ready student answers to the end, then completes (the object only; D1 follows behind).
  const windowStart = performance.now();
  let lastSubmit = windowStart;
  await pool(ready.length, concurrency, async (index) => {
    const { run, client } = ready[index]!;
    let question: Question | null = ready[index]!.question;
    try {
      for (let step = 0; question && step < 500; step++) {
        const sentAt = performance.now();
        const submitted = await client.call("submit", "POST", `/api/sessions/${run.sessionId}/submit`, {
          questionId: question.id,
          answer: answerFor(question),
          timeSpentSeconds: 1 + Math.floor(Math.random() * 30),
        });
        lastSubmit = Math.max(lastSubmit, performance.now());
        // "repeat" acknowledges an answer stored by an earlier try whose answer the proxy lost.
        if (submitted.data.saved === "recorded" || submitted.data.saved === "repeat") {
          run.acknowledged.push(question.id);
          onAnswer?.(run.studentId, run.acknowledged.length, sentAt, performance.now());
        } else throw new Error(`submit: ${question.id} answered saved=${submitted.data.saved}`);
        question = submitted.data.completed ? null : submitted.data.nextQuestion;
      }
      await client.call("complete", "POST", `/api/sessions/${run.sessionId}/complete`, {});
      run.completed = true;
    } catch (error) {
      fail(run, error);
    }
  });

  return { timings, students: runs, submitWindowMs: lastSubmit - windowStart, errorSamples };
}

/**
 * `requests` POSTs shaped like a submit to `url`, `concurrency` at a time: requests per second,
 * errors and retries. A request the relays failed (as the students' retry it), or that failed on
 * the network, is sent again up to 3 times and counted in `retried`; its time includes the retries.
 */
export async function floodEmpty(
  url: string,
  requests: number,
  concurrency: number,
): Promise<{ perSecond: number; errors: number; retried: number; timings: Timings }> {
  const timings = new Timings();
  let retried = 0;
  const body = JSON.stringify({
    questionId: "q-0123456789abcdef",
    answer: "I would divide both sides by the same number and check the result.",
    timeSpentSeconds: 12,
  });
  const send = async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Cookie: "__student_pass=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: await response.text() };
  };
  const started = performance.now();
  await pool(requests, concurrency, async () => {
    const began = performance.now();
    for (let attempt = 0; ; attempt++) {
      const answer = await send().catch(() => null);
      if (answer?.status === 200) {
        timings.add(performance.now() - began);
        return;
      }
      if (attempt >= PROXY_RETRIES || (answer && !relayFailed(answer.status, answer.text))) {
        timings.errors += 1;
        return;
      }
      retried += 1;
    }
  });
  return { perSecond: timings.count / ((performance.now() - started) / 1000), errors: timings.errors, retried, timings };
}
