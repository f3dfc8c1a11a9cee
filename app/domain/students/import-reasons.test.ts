import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";
import { codeWith } from "~/domain/i18n/coded";

import { importAnswerIn, zipReason } from "./import-reasons";
import { emailInUse, outsideYourClasses, studentAccountNotTeacher } from "./roster-access";

describe("an import's answer in the reader's language", () => {
  const answer = {
    applied: false,
    refused: [
      { file: "users.csv", line: 2, reason: emailInUse("ada@school.org") },
      { file: "users.csv", line: 3, reason: studentAccountNotTeacher("kid@school.org") },
      { file: "users.csv", line: 4, reason: "Enter the student's given name" },
    ],
    notes: [{ file: "users.csv", line: 5, note: codeWith("roster.identifierFallback", { identifier: "id one", sourcedId: "u1" }) }],
  };

  it("writes each reason and note in English word for word, and leaves a schema's sentence as it is", () => {
    expect(importAnswerIn("en", answer)).toEqual({
      applied: false,
      refused: [
        { file: "users.csv", line: 2, reason: "Another student already has the e-mail address ada@school.org." },
        {
          file: "users.csv",
          line: 3,
          reason: "kid@school.org is a student's account: an import never changes an account's role. A district admin can change it on Accounts & Roles.",
        },
        { file: "users.csv", line: 4, reason: "Enter the student's given name" },
      ],
      notes: [
        {
          file: "users.csv",
          line: 5,
          note: 'The identifier "id one" cannot be a student ID (letters, digits, dots, dashes and underscores, up to 64), so the student ID is the sourcedId, u1.',
        },
      ],
    });
  });

  it("writes them in Spanish, values as they came", () => {
    const spanish = importAnswerIn("es", answer);
    expect(spanish.refused[0]!.reason).toBe("Otro estudiante ya tiene la dirección de correo electrónico ada@school.org.");
    expect(spanish.notes[0]!.note).toMatch(/^El identificador «id one» no puede ser un número de estudiante/);
    expect(importAnswerIn("es", { refused: [{ line: 2, reason: outsideYourClasses("S-1") }] }).refused[0]!.reason).toBe(
      "S-1 pertenece a un estudiante fuera de sus clases: pida a un administrador del distrito que lo agregue",
    );
  });
});

describe("why a zip cannot be read", () => {
  it("is a code for each problem the zip reader names, in the reader's words in English and in Spanish", () => {
    expect(renderText("en", zipReason("memberTooLarge", { name: "users.csv", limit: "20 MB" }))).toBe(
      "users.csv inflates to more than 20 MB; a file may hold at most 20 MB.",
    );
    expect(renderText("es", zipReason("tooManyFiles", { max: 100 }))).toBe("El zip contiene más de 100 archivos; puede contener como máximo 100.");
    for (const problem of ["twice", "encrypted", "compression", "notUtf8", "totalTooLarge", "ratio"] as const)
      expect(renderText("es", zipReason(problem, { name: "a.csv", limit: "1 MB", ratio: 2 })), problem).not.toMatch(/^roster\./);
  });
});
