/**
 * `npm run load -- --watch`: a teacher watching the class's Live page while its students answer.
 * It does what the page does (app/routes/admin.cohorts_.$id_.live/use-live-updates.ts): a WebSocket
 * to GET /api/cohorts/{id}/live, signed in as the demo admin, and on each "changed" one read of the
 * class's live state, at most one each 250 ms and never two at once (the page reads its loader; this
 * reads the same state as JSON, through the same use-case). Each acknowledged answer is timed from
 * its submit to the first read that shows it (the student's questionsAnswered reaching it).
 */
import { Timings } from "./stats";

/** As the page: changes that come close together are read once. */
const GATHER_MS = 250;
/** How long the end of a round waits for the view to show its last answers. */
const DRAIN_MS = 15_000;

type Pending = { studentId: string; answered: number; sentAt: number; ackedAt: number };

/** The demo admin's session cookie, from the sign-in form (the same POST /login a browser sends). */
export async function signInAsAdmin(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", email, password }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((line) => line.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`signing in as ${email} answered ${response.status}`);
  return cookies.join("; ");
}

export class LiveWatcher {
  /** From each submit (sent) and from its answer (acknowledged) to the view's read that shows it. */
  readonly fromSubmit = new Timings();
  readonly fromAnswer = new Timings();
  /** Each read of the view, request to answer. */
  readonly reads = new Timings();
  changes = 0;
  private pending: Pending[] = [];
  private socket: WebSocket | null = null;
  private gather: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> | null = null;

  constructor(
    private base: string,
    private classId: string,
    private cookie: string,
  ) {}

  async open(): Promise<void> {
    const url = new URL(`/api/cohorts/${encodeURIComponent(this.classId)}/live`, this.base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url, { headers: { Cookie: this.cookie } } as never);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve());
      socket.addEventListener("error", () => reject(new Error(`the live socket to ${url} did not open`)));
    });
    socket.addEventListener("message", (event) => {
      if (event.data !== "changed") return;
      this.changes += 1;
      this.gather ??= setTimeout(() => this.read(), GATHER_MS);
    });
    this.socket = socket;
  }

  /** A student's answer, acknowledged: their `answered`-th. */
  answered(studentId: string, answered: number, sentAt: number, ackedAt: number): void {
    this.pending.push({ studentId, answered, sentAt, ackedAt });
  }

  /** Waits until every answer has shown (or DRAIN_MS), closes the socket; the answers never shown. */
  async close(): Promise<number> {
    const until = performance.now() + DRAIN_MS;
    while (this.pending.length && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    clearTimeout(this.gather);
    await this.reading;
    this.socket?.close(1000, "done");
    const missed = this.pending.length;
    this.pending = [];
    return missed;
  }

  /** One read at a time: a change during a read is read once that one has answered. */
  private read(): void {
    if (this.reading) {
      this.gather = setTimeout(() => this.read(), GATHER_MS);
      return;
    }
    this.gather = undefined;
    this.reading = this.readOnce().finally(() => {
      this.reading = null;
    });
  }

  private async readOnce(): Promise<void> {
    const started = performance.now();
    let students: { studentId: string; questionsAnswered: number }[];
    try {
      const response = await fetch(`${this.base}/api/cohorts/${encodeURIComponent(this.classId)}/live`, {
        headers: { Cookie: this.cookie, Accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      students = ((await response.json()) as { students: typeof students }).students;
    } catch {
      this.reads.errors += 1;
      return;
    }
    const shownAt = performance.now();
    this.reads.add(shownAt - started);
    const answeredBy = new Map(students.map((row) => [row.studentId, row.questionsAnswered]));
    this.pending = this.pending.filter((answer) => {
      if ((answeredBy.get(answer.studentId) ?? 0) < answer.answered) return true;
      this.fromSubmit.add(shownAt - answer.sentAt);
      this.fromAnswer.add(shownAt - answer.ackedAt);
      return false;
    });
  }
}
