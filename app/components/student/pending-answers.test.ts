import { describe, expect, it } from "vitest";

import { readKept } from "./pending-answers";

describe("an answer kept on the device", () => {
  const fields: [string, string][] = [
    ["intent", "submit"],
    ["answer", "4"],
  ];

  it("is read back as it was kept", () => {
    expect(readKept({ testId: "t-1", fields })).toEqual({ testId: "t-1", fields });
  });

  it("kept by the previous page under its address, is still sent to its test", () => {
    expect(readKept({ url: "/test/t%201?session=s-1", fields })).toEqual({ testId: "t 1", fields });
  });

  it("is dropped when it is not a submission at all", () => {
    expect(readKept({ url: "/elsewhere", fields })).toBeNull();
    expect(readKept({ testId: "t-1" } as never)).toBeNull();
  });
});
