import { DurableObject } from "cloudflare:workers";

import { questionTypeOf } from "~/domain/questions/types";
import {
  applyModelGrade,
  applyTeacherGrade,
  type AttemptState,
  finish,
  pauseAttempt,
  proctorAttempt,
  resumeAttempt,
  startAttempt,
  submit,
} from "~/domain/sessions/attempt";
import { blueprintSchema, type SessionBlueprint } from "~/domain/sessions/blueprint";
import { liveReport } from "~/domain/sessions/live-report";
import { proctorActionOf, type ProctorRequest, proctorRequestSchema } from "~/domain/sessions/proctor";
import { HEALTH_PROBE_SESSION_ID, SELF_CHECK_ANSWERS, selfCheckBlueprint } from "~/domain/sessions/self-check";
import { ARCHIVE_RETRY_MS, archiveDelayMs, archiveDueAt } from "~/domain/sessions/session-archive";
import {
  type AnswerTiming,
  type BeginResult,
  type BreakResult,
  type ChatExchangeInput,
  chatExchangeSchema,
  type ChatMessage,
  type ChatTranscriptResult,
  type CompleteResult,
  type FlushResult,
  type HeartbeatResult,
  invalidInput,
  MAX_CHAT_TURNS,
  type ModelGradeInput,
  modelGradeSchema,
  PAUSED_MESSAGE,
  type ProctorResult,
  type SelfCheckResult,
  type SubmitAnswerInput,
  submitAnswerSchema,
  type SubmitResult,
  type TeacherGradeInput,
  type TeacherGradeResult,
  teacherGradeSchema,
  type TestSessionRpc,
  type ViewResult,
} from "~/domain/sessions/session-contract";
import {
  endsBreakNow,
  isCompleted,
  isHeldByTeacher,
  isPastDeadline,
  isPaused,
  latestDeadline,
  PAUSE_REFUSALS,
  toSnapshot,
} from "~/domain/sessions/session-state";
import { sessionProgress, sessionView, submitResult } from "~/domain/sessions/session-view";
import { nextFlushDelayMs, sessionBehind } from "~/domain/sessions/write-behind";
import type { Env } from "~/env";
import { deleteArchives } from "~/models/session-archives.server";
import { writeSessionBehind } from "~/models/sessions.server";
import { reportToClass } from "~/services/class-live.server";
import { loadConfig } from "~/services/config.server";
import { pokeCalibrator } from "~/services/item-calibrator.server";

import { readArchive, writeArchive } from "./session-archive-store";
import {
  type Pending,
  readAttempt,
  readChat,
  readChats,
  readPending,
  storeAttempt,
  storeBlueprint,
  storeChat,
  storeChats,
  storePending,
} from "./session-storage";

const studentTurnsIn = (messages: ChatMessage[]) => messages.filter((message) => message.role === "user").length;

/**
 * One Durable Object per test session, the authority for a live attempt:
 * it holds the test's blueprint, the adaptive engine's state, the question being answered with its
 * own timer, and every answer keyed by question id. Each write is awaited before a method returns,
 * so an acknowledged answer is durable; the runtime's input gate keeps a read-then-write from
 * interleaving with another call. The rules live in app/domain/sessions; this class loads, applies
 * and stores, and writes the results to D1 behind the student from its alarm (which also ends the
 * session at its deadline: one alarm, set for whichever comes first).
 */
export class TestSession extends DurableObject<Env> implements TestSessionRpc {
  /** The loaded attempt, kept in memory: every write goes through `save`; storage stays the authority (read again after an eviction). */
  private loaded: { state: AttemptState; blueprint: SessionBlueprint } | undefined;
  /** Mirrors of the stored pending write and the scheduled alarm (undefined: not read yet), to spare storage calls. */
  private pending: Pending | null | undefined;
  /** The attempt as storage holds it in the per-answer layout, so a save writes only what changed; null when unknown. */
  private storedState: AttemptState | null = null;
  private alarmAt: number | null | undefined;
  /**
   * Set while the attempt was read from its archive and storage is empty: a read is served from
   * memory, and the first change writes the whole attempt back to storage (`save`).
   */
  private fromArchive: { chats: Record<string, ChatMessage[]> } | null = null;

  async begin(input: SessionBlueprint): Promise<BeginResult> {
    const parsed = blueprintSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const now = Date.now();
    const loaded = await this.load();
    if (loaded) {
      this.tellClass(true);
      return { ok: true, outcome: "already_started", view: sessionView(loaded.state, loaded.blueprint, now) };
    }
    const blueprint = parsed.data;
    const state = startAttempt(blueprint, now);
    await storeBlueprint(this.ctx.storage, blueprint);
    this.loaded = { state, blueprint };
    await this.save(state, now);
    this.tellClass(true);
    return { ok: true, outcome: "started", view: sessionView(state, blueprint, now) };
  }

  async view(byStudent = false): Promise<ViewResult> {
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    // The deadline may have passed before its alarm ran: the session is over either way.
    const state = isPastDeadline(loaded.state.session, now) ? await this.save(finish(loaded.state, now, "time_up"), now) : loaded.state;
    if (byStudent || state !== loaded.state) this.tellClass(byStudent);
    return { ok: true, view: sessionView(state, loaded.blueprint, now) };
  }

  /**
   * The student's page is open (ADR 0046): their last-seen time for the class's live view, and the
   * session's state for the page to compare with its own. Read as stored: a heartbeat is no step of
   * the student's, so it never ends a break whose time ran out (ADR 0042: the page's next read or
   * answer does); a deadline that passed ends the session, as any read.
   */
  async heartbeat(): Promise<HeartbeatResult> {
    const loaded = await this.loadStored();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const over = !isCompleted(loaded.state.session) && isPastDeadline(loaded.state.session, now);
    const state = over ? await this.save(finish(loaded.state, now, "time_up"), now) : loaded.state;
    this.tellClass(true);
    return { ok: true, snapshot: toSnapshot(state.session, now) };
  }

  async submit(input: SubmitAnswerInput, timing: AnswerTiming = "measured"): Promise<SubmitResult> {
    const parsed = submitAnswerSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const modelWillGrade = loaded.blueprint.modelWillGrade ?? loadConfig(this.env).ai.provider !== "offline";
    const question = loaded.blueprint.questions.find((candidate) => candidate.id === parsed.data.questionId);
    // A chat is graded on the exchanges this object stored, not on a transcript the caller sent.
    const transcript = question && questionTypeOf(question.type).answer.form === "conversation" ? await this.readChat(parsed.data.questionId) : [];
    const outcome = submit(loaded.state, loaded.blueprint, parsed.data, now, modelWillGrade, transcript, timing);
    // Only a recorded answer or a completion changes what is stored.
    if (outcome.kind === "recorded") await this.save(outcome.state, now, [outcome.question.id]);
    else if (outcome.kind === "completed") await this.save(outcome.state, now);
    this.tellClass(true);
    return submitResult(outcome, loaded.blueprint, now);
  }

  async complete(): Promise<CompleteResult> {
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    if (isCompleted(loaded.state.session)) return { ok: true, outcome: "already_completed", view: sessionView(loaded.state, loaded.blueprint, now) };
    const state = await this.save(finish(loaded.state, now), now);
    this.tellClass(true);
    return { ok: true, outcome: "completed", view: sessionView(state, loaded.blueprint, now) };
  }

  pause(): Promise<BreakResult> {
    return this.takeBreak("pause");
  }

  resume(): Promise<BreakResult> {
    return this.takeBreak("resume");
  }

  /** A break started or ended; a resume after the clock ran out (the allowance used up) completes the session. */
  private async takeBreak(step: "pause" | "resume"): Promise<BreakResult> {
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const { state } = loaded;
    let next: AttemptState;
    if (step === "pause") {
      const outcome = pauseAttempt(state, now);
      if (!outcome.ok) return { ok: false, reason: "break_refused", message: PAUSE_REFUSALS[outcome.reason] };
      next = outcome.state;
    } else if (isHeldByTeacher(state.session)) {
      // The teacher's pause is the teacher's to end (ADR 0046).
      return { ok: false, reason: "break_refused", message: PAUSE_REFUSALS.held_by_teacher };
    } else {
      next = isPastDeadline(state.session, now) && !isCompleted(state.session) ? finish(state, now, "time_up") : resumeAttempt(state, now);
    }
    const saved = next === state ? state : await this.save(next, now);
    this.tellClass(true);
    return { ok: true, view: sessionProgress(saved, loaded.blueprint, now) };
  }

  /**
   * A teacher's action from the live view (ADR 0046). Not a request of the student's: the class's
   * object is told (the row moves) but the student's last-seen time stays theirs.
   */
  async proctor(input: ProctorRequest): Promise<ProctorResult> {
    const parsed = proctorRequestSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const outcome = proctorAttempt(loaded.state, loaded.blueprint, proctorActionOf(parsed.data), now);
    if (!outcome.ok) return { ok: false, reason: "proctor_refused", message: outcome.message };
    const state = await this.save(outcome.state, now);
    this.tellClass(false);
    return { ok: true, view: sessionProgress(state, loaded.blueprint, now) };
  }

  async applyModelGrade(input: ModelGradeInput): Promise<ViewResult> {
    const parsed = modelGradeSchema.safeParse(input);
    const loaded = await this.loadStored();
    if (!loaded || !parsed.success) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const { questionId, grade } = parsed.data;
    const state = await this.save(applyModelGrade(loaded.state, loaded.blueprint, questionId, grade), now, [questionId]);
    return { ok: true, view: sessionView(state, loaded.blueprint, now) };
  }

  async overrideGrade(input: TeacherGradeInput): Promise<TeacherGradeResult> {
    const parsed = teacherGradeSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const loaded = await this.loadStored();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const outcome = applyTeacherGrade(loaded.state, loaded.blueprint, parsed.data.questionId, parsed.data.score);
    if (!outcome.ok) return outcome;
    const state = await this.save(outcome.state, now, [parsed.data.questionId]);
    return { ok: true, previousScore: outcome.previousScore, view: sessionView(state, loaded.blueprint, now) };
  }

  async chatTranscript(questionId: string): Promise<ChatTranscriptResult> {
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    // The conversation is part of the question a break hides (ADR 0032).
    this.tellClass(true);
    if (isPaused(loaded.state.session)) return { ok: false, reason: "paused", message: PAUSED_MESSAGE };
    const messages = await this.readChat(String(questionId));
    return { ok: true, messages, studentTurns: studentTurnsIn(messages) };
  }

  async allChats(): Promise<Record<string, ChatMessage[]>> {
    return (await this.loadStored()) ? { ...this.fromArchive?.chats, ...(await readChats(this.ctx.storage)) } : {};
  }

  async appendChatExchange(input: ChatExchangeInput): Promise<ChatTranscriptResult> {
    const parsed = chatExchangeSchema.safeParse(input);
    if (!parsed.success) return invalidInput(parsed.error);
    const loaded = await this.load();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const now = Date.now();
    const { state } = loaded;
    if (isCompleted(state.session) || isPastDeadline(state.session, now)) {
      return { ok: false, reason: "completed", snapshot: sessionView(state, loaded.blueprint, now).snapshot };
    }
    if (isPaused(state.session)) return { ok: false, reason: "paused", message: PAUSED_MESSAGE };
    const { questionId, message, reply } = parsed.data;
    if (state.answers[questionId]) return { ok: false, reason: "chat_closed", message: "session.alreadyAnswered" };
    this.tellClass(true);
    const messages = await this.readChat(questionId);
    if (studentTurnsIn(messages) >= MAX_CHAT_TURNS) {
      return {
        ok: false,
        reason: "chat_closed",
        message: "session.chatLimit",
        values: { max: MAX_CHAT_TURNS },
      };
    }
    const next: ChatMessage[] = [...messages, { role: "user", content: message }, { role: "assistant", content: reply }];
    await storeChat(this.ctx.storage, questionId, next);
    return { ok: true, messages: next, studentTurns: studentTurnsIn(next) };
  }

  /** Empties the object and deletes its archive: the session is gone from D1 (an erasure, the retention purge, demo data made again). */
  async discard(): Promise<void> {
    await this.emptyStorage();
    const sessionId = this.ctx.id.name;
    if (sessionId) await deleteArchives(this.env.ARCHIVES, [sessionId]);
  }

  private async emptyStorage(): Promise<void> {
    this.loaded = undefined;
    this.storedState = null;
    this.pending = undefined;
    this.alarmAt = undefined;
    this.fromArchive = null;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  /**
   * Only storage is awaited here, so the runtime's input gate runs the whole check before any other
   * call reaches the object: two checks at once take turns instead of wiping each other's session.
   */
  async selfCheck(): Promise<SelfCheckResult> {
    const stored = await this.loadStored();
    if (stored && stored.blueprint.sessionId !== HEALTH_PROBE_SESSION_ID) return { ok: false, reason: "not_the_probe" };
    // A check that stopped halfway may have left its session: start over (the probe is never archived).
    await this.emptyStorage();
    try {
      const begun = await this.begin(selfCheckBlueprint(HEALTH_PROBE_SESSION_ID));
      const questionId = (begun.ok && begun.view.currentQuestion?.id) || "";
      const first = await this.submit({ questionId, answer: SELF_CHECK_ANSWERS.first, timeSpentSeconds: 1 });
      const retry = await this.submit({ questionId, answer: SELF_CHECK_ANSWERS.retry, timeSpentSeconds: 2 });
      return { ok: true, first, retry };
    } finally {
      // Nothing stays between checks: no storage, and no alarm to write the probe to D1.
      await this.emptyStorage();
    }
  }

  /**
   * Runs at the deadline (completing the session) or when D1 is due its write. A failed write is
   * kept and tried again with backoff, so nothing acknowledged is missing from D1 once it settles.
   */
  override async alarm(): Promise<void> {
    // The alarm that is running is no longer scheduled.
    this.alarmAt = null;
    // An alarm is no request: a break stays on until a page asks.
    const loaded = await this.loadStored();
    if (!loaded) return;
    const now = Date.now();
    let state = loaded.state;
    if (!isCompleted(state.session) && isPastDeadline(state.session, now)) {
      state = await this.save(finish(state, now, "time_up"), now);
      this.tellClass(false);
    }
    const pending = await this.readPending();
    if (pending && pending.flushAt <= now) await this.writeBehind(state, loaded.blueprint, pending, now);
    if (await this.archiveIfDue(state, loaded.blueprint, now)) return;
    await this.scheduleAlarm(state);
  }

  /**
   * Hands a settled session to its archive in R2 and empties storage once its results window has
   * passed (domain/sessions/session-archive.ts, ADR 0048). True when it has dealt with the alarm:
   * archived, or rescheduled after a failure; false when nothing was due.
   */
  private async archiveIfDue(state: AttemptState, blueprint: SessionBlueprint, now: number): Promise<boolean> {
    if (this.fromArchive) return false;
    const due = archiveDueAt(state, (await this.readPending()) !== null, archiveDelayMs(this.env.SESSION_ARCHIVE_AFTER_HOURS));
    if (due === null || due > now) return false;
    const retryLater = async (delayMs: number) => {
      this.alarmAt = now + delayMs;
      await this.ctx.storage.setAlarm(this.alarmAt);
      return true;
    };
    try {
      await writeArchive(this.env, { state, blueprint, chats: await readChats(this.ctx.storage) });
    } catch (error) {
      console.error("Archiving the session failed; it will be tried again", blueprint.sessionId, error);
      return retryLater(ARCHIVE_RETRY_MS);
    }
    await this.emptyStorage();
    return true;
  }

  /**
   * Writes what D1 has not received yet at once instead of at the next alarm, for callers that read
   * D1 right after (demo data, a teacher's grade override). False when the write failed: it stays
   * pending and the alarm tries again.
   */
  async flush(): Promise<FlushResult> {
    const loaded = await this.loadStored();
    if (!loaded) return { ok: false, reason: "not_begun" };
    const pending = await this.readPending();
    const written = pending ? await this.writeBehind(loaded.state, loaded.blueprint, pending, Date.now()) : true;
    await this.scheduleAlarm(loaded.state);
    return { ok: true, written };
  }

  /** One write behind: the session row and the pending answers; a failure is kept for a retry with backoff. */
  private async writeBehind(state: AttemptState, blueprint: SessionBlueprint, pending: Pending, now: number): Promise<boolean> {
    try {
      await writeSessionBehind(this.env.DB, sessionBehind(state, blueprint, pending.questionIds, now));
      // Answers that arrived during the write stay pending for the next one.
      const latest = await this.readPending();
      const remaining = (latest?.questionIds ?? []).filter((id) => !pending.questionIds.includes(id));
      await this.storePending(remaining.length ? { questionIds: remaining, failures: 0, flushAt: now } : null);
      if (isCompleted(state.session)) this.ctx.waitUntil(pokeCalibrator(this.env));
      return true;
    } catch (error) {
      console.error("Writing the session to D1 failed; it will be tried again", blueprint.sessionId, error);
      const failures = pending.failures + 1;
      await this.storePending({ ...pending, failures, flushAt: now + nextFlushDelayMs(failures) });
      return false;
    }
  }

  /**
   * The session for a request: a break whose allowance has run out ends here, at the first request
   * after it (ADR 0042), so its clock restarts when a page is there to show it, never earlier.
   */
  private async load(): Promise<{ state: AttemptState; blueprint: SessionBlueprint } | undefined> {
    const loaded = await this.loadStored();
    const now = Date.now();
    if (!loaded || this.fromArchive || !endsBreakNow(loaded.state.session, now)) return loaded;
    await this.save(resumeAttempt(loaded.state, now), now);
    return this.loaded;
  }

  private async loadStored(): Promise<{ state: AttemptState; blueprint: SessionBlueprint } | undefined> {
    if (this.loaded) return this.loaded;
    const stored = await readAttempt(this.ctx.storage);
    if (!stored) return this.loadArchive();
    this.storedState = stored.inThisLayout ? stored.state : null;
    this.loaded = { state: stored.state, blueprint: stored.blueprint };
    return this.loaded;
  }

  /** An archived session, read back into memory; undefined when there is none (a session never begun). */
  private async loadArchive(): Promise<{ state: AttemptState; blueprint: SessionBlueprint } | undefined> {
    // The session id the object was reached by (idFromName): its archive's key.
    const sessionId = this.ctx.id.name;
    const archive = sessionId ? await readArchive(this.env, sessionId) : null;
    if (!archive) return undefined;
    this.fromArchive = { chats: archive.chats };
    this.storedState = null;
    this.pending = null;
    this.loaded = { state: archive.state, blueprint: archive.blueprint };
    return this.loaded;
  }

  /**
   * Tells the class's live object (ADR 0046) where the student is now, behind the request: never
   * awaited, and a failure is logged, so the student never waits on it nor sees it fail. `seen`:
   * this is a request of the student's (their last-seen time), not the deadline's alarm.
   */
  private tellClass(seen: boolean): void {
    const loaded = this.loaded;
    if (!loaded?.blueprint.cohortId || this.fromArchive) return;
    try {
      this.ctx.waitUntil(reportToClass(this.env, loaded.blueprint.cohortId, liveReport(loaded.state, loaded.blueprint, Date.now(), seen)));
    } catch (error) {
      console.error("The live report could not be made", loaded.blueprint.sessionId, error);
    }
  }

  private async readChat(questionId: string): Promise<ChatMessage[]> {
    return (await readChat(this.ctx.storage, questionId)) ?? this.fromArchive?.chats[questionId] ?? [];
  }

  /** Before the first change to an attempt read from its archive: the blueprint and chats go back into storage (the answers go with the save). */
  private async restoreArchiveToStorage(): Promise<void> {
    if (!this.fromArchive || !this.loaded) return;
    await storeBlueprint(this.ctx.storage, this.loaded.blueprint);
    await storeChats(this.ctx.storage, this.fromArchive.chats);
    this.fromArchive = null;
  }

  /** Stores the new state and the answers D1 is now due (one atomic put), and sets the alarm for what comes first. */
  private async save(state: AttemptState, now: number, questionIds: string[] = []): Promise<AttemptState> {
    await this.restoreArchiveToStorage();
    const current = await this.readPending();
    const pending: Pending = {
      questionIds: [...new Set([...(current?.questionIds ?? []), ...questionIds])],
      failures: current?.failures ?? 0,
      flushAt: current?.flushAt ?? now + nextFlushDelayMs(0),
    };
    await storeAttempt(this.ctx.storage, state, this.storedState, pending);
    this.storedState = state;
    this.pending = pending;
    if (this.loaded) this.loaded = { ...this.loaded, state };
    await this.scheduleAlarm(state);
    return state;
  }

  private async readPending(): Promise<Pending | null> {
    if (this.pending === undefined) this.pending = await readPending(this.ctx.storage);
    return this.pending;
  }

  private async storePending(pending: Pending | null): Promise<void> {
    await storePending(this.ctx.storage, pending);
    this.pending = pending;
  }

  /** One alarm for whichever comes first: the deadline, the next write or the archive; set only when that changes. */
  private async scheduleAlarm(state: AttemptState): Promise<void> {
    // Read from its archive, with nothing in storage: nothing to write, nothing to archive.
    if (this.fromArchive) return;
    const pending = await this.readPending();
    const archiveAt = archiveDueAt(state, pending !== null, archiveDelayMs(this.env.SESSION_ARCHIVE_AFTER_HOURS));
    // While on a break the deadline waits for the request that ends it (latestDeadline is null).
    const times = [isCompleted(state.session) ? null : latestDeadline(state.session), pending?.flushAt ?? null, archiveAt].filter(
      (time): time is number => time !== null,
    );
    const wanted = times.length ? Math.min(...times) : null;
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (wanted === this.alarmAt) return;
    if (wanted === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(wanted);
    this.alarmAt = wanted;
  }
}
