import { describe, expect, it } from "vitest";
import { z } from "zod";

import { storableText, unstorableTextMessage } from "./text-fields";

describe("text a name or a note may hold", () => {
  const name = storableText(z.string().trim(), "The name");
  const note = storableText(z.string(), "The note", { multiLine: true });

  it("accepts any letters, symbols and emoji, whole", () => {
    for (const text of ["Ada Okafor", "Zoë O'Neil-Çelik", "李小龙", "Ngọc 😀", "\u00a0x\u200d"]) expect(name.safeParse(text).success).toBe(true);
  });

  it("refuses NUL, other control characters and lone surrogates, with the field's name", () => {
    for (const text of ["Ada\u0000", "Ada\u001b[31m", "A\u007fda", "A\u0085da", "Ada\ud83d", "\ude00Ada", "A\tda", "A\nda"]) {
      const result = name.safeParse(text);
      expect(result.success ? "accepted" : result.error.issues[0]!.message, JSON.stringify(text)).toBe(unstorableTextMessage("The name"));
    }
  });

  it("lets a multi-line field keep tabs and line breaks, and nothing else of the kind", () => {
    expect(note.safeParse("one\r\ntwo\tthree\n").success).toBe(true);
    expect(note.safeParse("one\u0000").success).toBe(false);
    expect(note.safeParse("one\ud800two").success).toBe(false);
  });
});
