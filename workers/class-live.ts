import { DurableObject } from "cloudflare:workers";

import type { ClassLiveRpc } from "~/domain/classes/live-contract";
import {
  isNewsToWatchers,
  isPastSitting,
  LIVE_CHANGED,
  LIVE_PING,
  LIVE_PONG,
  type LiveReport,
  liveReportSchema,
  mergeReport,
  REPORT_KEPT_MS,
} from "~/domain/classes/live-view";
import type { Env } from "~/env";

const KEY_PREFIX = "student:";
/** Storage deletes at most this many keys a call. */
const DELETE_BATCH = 128;

/**
 * One object per class (ADR 0046), addressed by `idFromName(classId)`: the latest report of each of
 * its students' sessions, one storage key per student, fed by the session objects without their
 * waiting. It stores reports only; idle, offline and the roster are worked out by the reader at its
 * own clock (domain/classes/live-view.ts), so a quiet class costs nothing. Its alarm forgets a
 * report REPORT_KEPT_MS after it came: the object holds a sitting, not a history.
 *
 * Teachers' live pages hold a WebSocket to it, accepted with the hibernation API so an open page
 * costs nothing between changes: each stored change a page would show (not a heartbeat's last-seen
 * time alone, `isNewsToWatchers`) sends every socket LIVE_CHANGED, and the page
 * reads the view again (the Worker authorized the socket before it reached the object).
 */
export class ClassLive extends DurableObject<Env> implements ClassLiveRpc {
  /** The stored reports, read once per life of the object; every write goes through `report`. */
  private byStudent: Map<string, LiveReport> | undefined;
  /** Mirror of the scheduled alarm (undefined: not read yet). */
  private alarmAt: number | null | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A page's keep-alive is answered by the runtime: a hibernating object is not woken for it.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  async report(input: LiveReport): Promise<void> {
    const parsed = liveReportSchema.safeParse(input);
    if (!parsed.success) {
      console.error("A live report was malformed and dropped", parsed.error.message);
      return;
    }
    const reports = await this.load();
    const previous = reports.get(parsed.data.studentId);
    const next = mergeReport(previous, parsed.data);
    if (next === previous) return;
    reports.set(next.studentId, next);
    await this.ctx.storage.put(KEY_PREFIX + next.studentId, next);
    await this.scheduleForgetting(reports);
    if (isNewsToWatchers(previous, next)) this.tellWatchers();
  }

  /** A teacher's page opening its socket (the Worker checked who may watch this class). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server!);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The page sends nothing but its ping, which the runtime answers without waking the object. */
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    try {
      // 1005 and 1006 carry no code to echo back; any other is returned as the close handshake asks.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "closed");
    } catch {
      // Already closed by the runtime: nothing to answer.
    }
  }

  private tellWatchers(): void {
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(LIVE_CHANGED);
      } catch (error) {
        // A socket closing as the change came: it is gone from the next list.
        console.warn("A live page's socket could not be told of a change", error);
      }
    }
  }

  async reports(): Promise<LiveReport[]> {
    const now = Date.now();
    return [...(await this.load()).values()].filter((report) => !isPastSitting(report, now));
  }

  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const reports = await this.load();
    const now = Date.now();
    const past = [...reports.values()].filter((report) => isPastSitting(report, now)).map((report) => report.studentId);
    for (const studentId of past) reports.delete(studentId);
    for (let start = 0; start < past.length; start += DELETE_BATCH) {
      await this.ctx.storage.delete(past.slice(start, start + DELETE_BATCH).map((studentId) => KEY_PREFIX + studentId));
    }
    await this.scheduleForgetting(reports);
  }

  /** One alarm, when the oldest report is due to be forgotten; set only when that changes. */
  private async scheduleForgetting(reports: Map<string, LiveReport>): Promise<void> {
    const oldest = Math.min(...[...reports.values()].map((report) => report.reportedAt));
    const wanted = Number.isFinite(oldest) ? oldest + REPORT_KEPT_MS : null;
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (wanted === this.alarmAt) return;
    if (wanted === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(wanted);
    this.alarmAt = wanted;
  }

  private async load(): Promise<Map<string, LiveReport>> {
    if (this.byStudent) return this.byStudent;
    const stored = await this.ctx.storage.list<LiveReport>({ prefix: KEY_PREFIX });
    this.byStudent = new Map([...stored.values()].map((report) => [report.studentId, report]));
    return this.byStudent;
  }
}
