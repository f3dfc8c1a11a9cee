import { CookieJar } from "./cookie-jar";
import { demoAccounts, type TestWorker } from "./worker";

/** JSON calls to the Worker's /api as a signed-in (or signed-out) client; `headers` go on every call (Accept-Language). */
export function apiClient(worker: TestWorker, jar?: CookieJar, headers: Record<string, string> = {}) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await worker.request(path, {
      method,
      jar,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    // The headers are there to read but not enumerable, so `toEqual({ status, data })` still compares what it did.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return Object.defineProperty({ status: response.status, data: data as any }, "headers", { value: response.headers, enumerable: false }) as {
      status: number;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      data: any;
      headers: Headers;
    };
  };
  return {
    get: (path: string) => call("GET", path),
    post: (path: string, body?: unknown) => call("POST", path, body ?? {}),
    put: (path: string, body?: unknown) => call("PUT", path, body ?? {}),
    patch: (path: string, body?: unknown) => call("PATCH", path, body ?? {}),
    delete: (path: string) => call("DELETE", path),
    /** Any method, for the routes' answers to methods they do not have. */
    request: (method: string, path: string, body?: unknown) => call(method, path, body),
  };
}

export async function count(worker: TestWorker, table: string): Promise<number> {
  return (await worker.d1.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;
}

export type ApiClient = ReturnType<typeof apiClient>;

/** A client signed in as this account by a cookie the app's own session code signs: no sign-in form, no password. */
export async function clientFor(worker: TestWorker, email: string): Promise<{ client: ApiClient; jar: CookieJar }> {
  const { name, value } = await worker.sessionCookieFor(email);
  const jar = new CookieJar();
  jar.set(name, value);
  return { client: apiClient(worker, jar), jar };
}

/** A teacher's account (ADR 0031) added straight to D1, and a client signed in as them. */
export async function teacherClient(worker: TestWorker, email: string): Promise<{ client: ApiClient; jar: CookieJar }> {
  await worker.d1
    .prepare("insert into users (id, email, first_name, last_name, role) values (?, ?, 'T', 'Eacher', 'teacher')")
    .bind(crypto.randomUUID(), email)
    .run();
  return clientFor(worker, email);
}

/** Clients for the three callers every API test needs: the demo admin, the demo student, nobody. */
export async function demoClients(worker: TestWorker): Promise<{ admin: ApiClient; student: ApiClient; anonymous: ApiClient }> {
  return {
    admin: apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password)),
    student: apiClient(worker, await worker.signIn(demoAccounts.student.email, demoAccounts.student.password)),
    anonymous: apiClient(worker),
  };
}

export type JobAnswer = { id: string; status: string; result: unknown; error: string | null; progress: { done: number; total: number } | null };

/**
 * Polls GET /api/jobs/{id} until the job has finished; answers every distinct view seen on the way,
 * the finished one last, so a test can assert the progress it reported.
 */
export async function waitForJob(admin: ApiClient, jobId: string, timeoutMs = 90_000): Promise<JobAnswer[]> {
  const seen: JobAnswer[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, data } = await admin.get(`/api/jobs/${jobId}`);
    if (status !== 200) throw new Error(`GET /api/jobs/${jobId} answered ${status}: ${JSON.stringify(data)}`);
    const job = data as JobAnswer;
    if (JSON.stringify(seen.at(-1)?.progress) !== JSON.stringify(job.progress) || seen.at(-1)?.status !== job.status) seen.push(job);
    if (job.status === "succeeded" || job.status === "failed") return seen;
    if (Date.now() > deadline) throw new Error(`Job ${jobId} had not finished after ${timeoutMs} ms: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** POST /api/analytics/seed-demo, then waits for its students: the demo and the job's views on the way. */
export async function generateDemo(admin: ApiClient) {
  const queued = await admin.post("/api/analytics/seed-demo", {});
  if (queued.status !== 202) throw new Error(`POST /api/analytics/seed-demo answered ${queued.status}: ${JSON.stringify(queued.data)}`);
  const views = await waitForJob(admin, queued.data.jobId as string);
  return { queued, views, job: views.at(-1)! };
}
