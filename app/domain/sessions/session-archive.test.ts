import { describe, expect, it } from "vitest";

import { finish, startAttempt, submit } from "./attempt";
import { selfCheckBlueprint } from "./self-check";
import { archiveDelayMs, archiveDueAt, DEFAULT_ARCHIVE_AFTER_HOURS, readSessionArchive, sessionArchive } from "./session-archive";

const HOUR = 3_600_000;
const blueprint = selfCheckBlueprint("session-1");
const started = startAttempt(blueprint, 1_000);

describe("when a session's object archives itself", () => {
  it("reads the window from its setting in hours, 0 included, and falls back to a week on anything else", () => {
    expect(archiveDelayMs("0")).toBe(0);
    expect(archiveDelayMs("2")).toBe(2 * HOUR);
    expect(archiveDelayMs("0.5")).toBe(HOUR / 2);
    for (const setting of [undefined, "", " ", "-1", "soon", "Infinity"])
      expect(archiveDelayMs(setting), String(setting)).toBe(DEFAULT_ARCHIVE_AFTER_HOURS * HOUR);
  });

  it("waits while the session is in progress, while D1 is owed a write, and while a model grade is coming", () => {
    expect(archiveDueAt(started, false, HOUR)).toBeNull();
    const completed = finish(started, 5_000);
    expect(archiveDueAt(completed, true, HOUR)).toBeNull();
    expect(archiveDueAt(completed, false, HOUR)).toBe(5_000 + HOUR);

    const questionId = started.current!.questionId;
    const answered = submit(started, blueprint, { questionId, answer: "4", timeSpentSeconds: 3 }, 2_000, false, []);
    if (answered.kind !== "recorded") throw new Error(`expected a recorded answer, got ${answered.kind}`);
    const awaitingModel = finish({ ...answered.state, answers: { [questionId]: { ...answered.state.answers[questionId]!, grading: "provisional" } } }, 6_000);
    expect(archiveDueAt(awaitingModel, false, HOUR)).toBeNull();
    expect(archiveDueAt(finish(answered.state, 6_000), false, HOUR)).toBe(6_000 + HOUR);
  });

  it("reads back what it wrote, and refuses what it did not write rather than half-read it", () => {
    const chats = { q1: [{ role: "user" as const, content: "Hello" }] };
    const archive = JSON.parse(JSON.stringify(sessionArchive(finish(started, 5_000), blueprint, chats)));
    // As D1 gives it back: through JSON, which drops undefined fields.
    expect(readSessionArchive(archive)).toEqual(JSON.parse(JSON.stringify({ version: 1, state: finish(started, 5_000), blueprint, chats })));
    for (const other of [null, "text", {}, { ...archive, version: 2 }, { ...archive, blueprint: {} }, { ...archive, state: null }]) {
      expect(readSessionArchive(other), JSON.stringify(other)?.slice(0, 40)).toBeNull();
    }
  });
});
