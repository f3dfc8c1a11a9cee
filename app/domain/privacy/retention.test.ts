import { describe, expect, it } from "vitest";

import { readRetentionDays, retentionCutoff, retentionSettingSchema } from "./retention";

describe("the retention setting", () => {
  it("reads blank as off and a number of days between 30 and 3,650", () => {
    expect(retentionSettingSchema.parse({ days: "" })).toEqual({ days: null });
    expect(retentionSettingSchema.parse({ days: "365" })).toEqual({ days: 365 });
    expect(retentionSettingSchema.safeParse({ days: "7" }).error?.issues[0]?.message).toBe("Keep sessions for at least 30 days");
    expect(retentionSettingSchema.safeParse({ days: "1.5" }).error?.issues[0]?.message).toBe("Enter a whole number of days");
    expect(retentionSettingSchema.safeParse({ days: "lots" }).success).toBe(false);
  });

  it("treats a missing or odd stored value as off, and counts the cutoff back in whole days", () => {
    expect(readRetentionDays(undefined)).toBeNull();
    expect(readRetentionDays("90")).toBeNull();
    expect(readRetentionDays(90)).toBe(90);
    expect(retentionCutoff(Date.UTC(2026, 10, 26), 30)).toBe(Date.UTC(2026, 9, 27));
  });
});
