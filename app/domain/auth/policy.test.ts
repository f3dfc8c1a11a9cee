import { describe, expect, it } from "vitest";

import { ACTIONS, actorOf, ACTORS, can, scopeFor, TARGETS } from "./policy";

/**
 * The whole table, cell by cell: every (actor, action, target) that is not "no", written out. Any
 * change to the policy changes this list, so it is made here on purpose and reviewed.
 */
const EXPECTED: Record<string, string[]> = {
  "district-admin": [
    "read class: yes",
    "write class: yes",
    "delete class: yes",
    "join class: yes",
    "read student: yes",
    "write student: yes",
    "export student: yes",
    "delete student: yes",
    "read session: yes",
    "write session: yes",
    "export session: yes",
    "read accommodations: yes",
    "write accommodations: yes",
    "read growth: yes",
    "read report: yes",
    "export report: yes",
    "read roster: yes",
    "enroll roster: yes",
    "import roster: yes",
    "import district-roster: yes",
    "read shared-content: yes",
    "author shared-content: yes",
    "read testing-windows: yes",
    "write testing-windows: yes",
    "audit audit-log: yes",
    "read district-settings: yes",
    "write district-settings: yes",
    "retention district-settings: yes",
    "read accounts: yes",
    "manage-roles accounts: yes",
  ],
  teacher: [
    "read class: in-scope",
    "write class: in-scope",
    "delete class: in-scope",
    "join class: yes",
    "read student: in-scope",
    "write student: in-scope",
    "read session: in-scope",
    "write session: in-scope",
    "export session: in-scope",
    "read accommodations: in-scope",
    "write accommodations: in-scope",
    "read growth: in-scope",
    "read report: in-scope",
    "export report: in-scope",
    "read roster: in-scope",
    "enroll roster: in-scope",
    "import roster: in-scope",
    "read shared-content: yes",
    "author shared-content: yes",
    "read testing-windows: yes",
  ],
  "student-account": ["join class: yes", "read session: own", "write session: own"],
  "student-pass": ["join class: yes", "read session: own", "write session: own"],
  "signed-out": ["join class: yes"],
};

describe("can(actor, action, target)", () => {
  it("answers every cell of the matrix as written above, and 'no' everywhere else", () => {
    const actual: Record<string, string[]> = {};
    for (const actor of ACTORS) {
      actual[actor] = [];
      for (const target of TARGETS) {
        for (const action of ACTIONS) {
          const answer = can(actor, action, target);
          if (answer !== "no") actual[actor]!.push(`${action} ${target}: ${answer}`);
        }
      }
    }
    const sorted = (cells: Record<string, string[]>) => Object.fromEntries(Object.entries(cells).map(([actor, list]) => [actor, [...list].sort()]));
    expect(sorted(actual)).toEqual(sorted(EXPECTED));
  });

  it("never lets anyone but a district admin delete or export a student, read the audit log, change settings or roles", () => {
    const districtOnly = [
      ["delete", "student"],
      ["export", "student"],
      ["audit", "audit-log"],
      ["retention", "district-settings"],
      ["write", "district-settings"],
      ["write", "testing-windows"],
      ["manage-roles", "accounts"],
      ["import", "district-roster"],
    ] as const;
    for (const actor of ACTORS.filter((actor) => actor !== "district-admin")) {
      for (const [action, target] of districtOnly) expect(can(actor, action, target), `${actor} ${action} ${target}`).toBe("no");
    }
  });
});

describe("actorOf and scopeFor", () => {
  it("resolves the actor from the role and the pass", () => {
    expect(actorOf({ role: "admin" })).toBe("district-admin");
    expect(actorOf({ role: "teacher" })).toBe("teacher");
    expect(actorOf({ role: "student" })).toBe("student-account");
    expect(actorOf(null, true)).toBe("student-pass");
    expect(actorOf(null)).toBe("signed-out");
  });

  it("gives a district admin the district, a teacher their own classes, and anyone else nothing", () => {
    expect(scopeFor({ id: "a", role: "admin" }, "read", "student")).toEqual({ kind: "district" });
    expect(scopeFor({ id: "t", role: "teacher" }, "read", "student")).toEqual({ kind: "teacher", teacherId: "t" });
    expect(scopeFor({ id: "t", role: "teacher" }, "read", "shared-content")).toEqual({ kind: "district" });
    expect(scopeFor({ id: "t", role: "teacher" }, "delete", "student")).toBeNull();
    expect(scopeFor({ id: "s", role: "student" }, "read", "session")).toBeNull();
  });
});
