import { describe, expect, it } from "vitest";

import { purgeFailureLine } from "./erasure";

describe("a failed purge, as Data & Privacy says it", () => {
  it("names the reason in the product's words and what is left for the next run", () => {
    expect(purgeFailureLine("database", 65)).toBe(
      "The database refused to delete a chunk of sessions; nothing of that chunk was removed. 65 sessions are left for the next run, tonight.",
    );
    expect(purgeFailureLine("session_objects", 1)).toBe("Some erased sessions' objects could not be emptied yet. 1 session is left for the next run, tonight.");
  });

  it("never repeats a reason it does not know", () => {
    expect(purgeFailureLine("D1_ERROR: no such table", 2)).toBe("It stopped on an error. 2 sessions are left for the next run, tonight.");
  });
});
