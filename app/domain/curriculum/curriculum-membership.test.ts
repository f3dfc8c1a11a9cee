import { describe, expect, it } from "vitest";

import { asMembershipChange, pendingMembers } from "./curriculum-membership";

const all = ["a", "b", "c"];

describe("pendingMembers", () => {
  it("shows the saved members when nothing is pending", () => {
    expect(pendingMembers(["c", "a"], all, [])).toEqual(["a", "c"]);
  });

  it("shows every box ticked in quick succession, not only the last one", () => {
    const changes = [
      { intent: "toggle", competencyId: "a", member: true },
      { intent: "toggle", competencyId: "b", member: true },
    ] as const;
    expect(pendingMembers([], all, changes)).toEqual(["a", "b"]);
  });

  it("unticks a saved member", () => {
    expect(pendingMembers(["a", "b"], all, [{ intent: "toggle", competencyId: "a", member: false }])).toEqual(["b"]);
  });

  it("applies Select all and Deselect all, then later ticks, in order", () => {
    expect(pendingMembers([], all, [{ intent: "selectAll" }])).toEqual(all);
    expect(pendingMembers(all, all, [{ intent: "deselectAll" }, { intent: "toggle", competencyId: "c", member: true }])).toEqual(["c"]);
  });

  it("ignores members that are no longer competencies", () => {
    expect(pendingMembers(["gone", "b"], all, [])).toEqual(["b"]);
  });
});

describe("asMembershipChange", () => {
  it("reads toggles and bulk changes for the curriculum shown", () => {
    expect(asMembershipChange({ intent: "toggle", id: "k", competencyId: "a", member: false }, "k")).toEqual({
      intent: "toggle",
      competencyId: "a",
      member: false,
    });
    expect(asMembershipChange({ intent: "selectAll", id: "k" }, "k")).toEqual({ intent: "selectAll" });
  });

  it("ignores other curriculums, other intents and malformed payloads", () => {
    expect(asMembershipChange({ intent: "selectAll", id: "other" }, "k")).toBeNull();
    expect(asMembershipChange({ intent: "delete", id: "k" }, "k")).toBeNull();
    expect(asMembershipChange({ intent: "toggle", id: "k", competencyId: "a" }, "k")).toBeNull();
    expect(asMembershipChange(undefined, "k")).toBeNull();
  });
});
