import { describe, expect, it } from "vitest";

import { renderText } from "./catalog";
import { codeWith, splitCoded } from "./coded";

describe("a code with its values in one string", () => {
  it("carries the values there and back, as written", () => {
    expect(codeWith("join.memberFieldTooLong", { max: 100 })).toBe("join.memberFieldTooLong?max=100");
    expect(splitCoded("join.memberFieldTooLong?max=100")).toEqual({ code: "join.memberFieldTooLong", values: { max: "100" } });
    expect(splitCoded("join.invalidCode")).toEqual({ code: "join.invalidCode" });
  });

  it("is rendered in the language, English as the sentence was, also after the field an API names", () => {
    const tooLong = codeWith("join.memberFieldTooLong", { max: 100 });
    expect(renderText("en", tooLong)).toBe("Your name and student ID must each be at most 100 characters");
    expect(renderText("es", tooLong)).toBe("Tu nombre y tu número de estudiante pueden tener como máximo 100 caracteres cada uno");
    expect(renderText("en", `displayName: ${tooLong}`)).toBe("displayName: Your name and student ID must each be at most 100 characters");
    expect(renderText("es", "studentId: join.informationRequired")).toBe("studentId: Ingresa tu nombre y tu número de estudiante.");
    expect(renderText("en", codeWith("test.answerTooLong", { max: 20000 }))).toBe("String must contain at most 20000 character(s)");
    // Sentences pass as they are, with a field before them or not.
    expect(renderText("es", "limit: must be at most 200")).toBe("limit: must be at most 200");
    expect(renderText("es", "name: Required")).toBe("name: Required");
    expect(renderText("es", "Unknown test")).toBe("Unknown test");
  });
});
