import { describe, expect, it } from "vitest";

import { keyTerms, OFFLINE_TUTOR_NOTE, offlineTutorReply } from "./offline-tutor";

describe("offlineTutorReply", () => {
  const question = "<p>Discuss how <strong>photosynthesis</strong> turns light into chemical energy in plants.</p>";

  it("asks about the question's own terms and says it is automatic", () => {
    const reply = offlineTutorReply(question, 1);
    expect(reply).toContain('"photosynthesis"');
    expect(reply).toContain(OFFLINE_TUTOR_NOTE);
  });

  it("varies its prompt from turn to turn and is the same for the same turn", () => {
    expect(offlineTutorReply(question, 2)).not.toBe(offlineTutorReply(question, 1));
    expect(offlineTutorReply(question, 2)).toBe(offlineTutorReply(question, 2));
  });

  it("still answers a question with no usable words", () => {
    expect(offlineTutorReply("Why?", 1)).toContain("this topic");
  });
});

describe("keyTerms", () => {
  it("drops tags, short words and common words, most frequent first", () => {
    expect(keyTerms("<p>Energy and energy flow: explain energy in plants</p>")).toEqual(["energy", "plants"]);
  });
});
