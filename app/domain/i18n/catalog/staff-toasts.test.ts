import { describe, expect, it } from "vitest";

import { GENERATOR_MESSAGES, IMPORT_MESSAGES } from "~/domain/ai/screen-actions";
import { ANALYTICS_MESSAGES, DEMO_DATA_FAILED, demoGeneratedToast } from "~/domain/analytics/screen-actions";
import { CREATE_TEST_MESSAGES, TEST_EDITOR_MESSAGES } from "~/domain/assessments/screen-actions";
import { ACCOUNTS_MESSAGES } from "~/domain/auth/invitations";
import { CLASS_NAME_REQUIRED } from "~/domain/classes/class";
import { BADGE_MESSAGES, CLASS_MESSAGES, ROSTER_MESSAGES } from "~/domain/classes/screen-actions";
import { COMPETENCY_MESSAGES, CURRICULUM_MESSAGES, PREREQUISITE_MESSAGES } from "~/domain/curriculum/screen-actions";
import { WINDOWS_MESSAGES } from "~/domain/growth/testing-windows";
import { PRIVACY_MESSAGES } from "~/domain/privacy/retention";
import { QUESTION_BANK_MESSAGES } from "~/domain/questions/screen-actions";
import { GRADING_REVIEW_MESSAGES } from "~/domain/sessions/grade-override";
import { STUDENT_MESSAGES, STUDENTS_MESSAGES } from "~/domain/students/screen-actions";

import { renderText } from "./index";

/** Every staff screen's action messages (each domain's screen-actions.ts, and the admin screens' own). */
const STAFF_SCREENS = {
  GENERATOR_MESSAGES,
  IMPORT_MESSAGES,
  ANALYTICS_MESSAGES,
  CREATE_TEST_MESSAGES,
  TEST_EDITOR_MESSAGES,
  CLASS_MESSAGES,
  ROSTER_MESSAGES,
  BADGE_MESSAGES,
  COMPETENCY_MESSAGES,
  PREREQUISITE_MESSAGES,
  CURRICULUM_MESSAGES,
  QUESTION_BANK_MESSAGES,
  STUDENTS_MESSAGES,
  STUDENT_MESSAGES,
  ACCOUNTS_MESSAGES,
  WINDOWS_MESSAGES,
  PRIVACY_MESSAGES,
  GRADING_REVIEW_MESSAGES,
};

/** Titles the page's own validation shows too, before anything is sent: they stay English until the screens are translated. */
const SHOWN_BY_THE_PAGE = new Set([CLASS_NAME_REQUIRED.title]);

type Texts = { intents: Record<string, { success: string | { title: string; description?: string } | null; failure: string; failureTitle?: string }> };

/** The toast texts of a screen's intents, and the titles it gives its validation messages. */
function toastTexts(messages: Texts & { titled?: readonly { title: string }[] }): string[] {
  const texts = Object.values(messages.intents).flatMap(({ success, failure, failureTitle }) => [
    ...(success === null ? [] : typeof success === "string" ? [success] : [success.title, ...(success.description ? [success.description] : [])]),
    failure,
    ...(failureTitle ? [failureTitle] : []),
  ]);
  return [...texts, ...(messages.titled ?? []).map((entry) => entry.title)];
}

describe("the staff screens' toasts", () => {
  it("are codes of the catalog, so a typo cannot ship and translating them is work in catalogs only", () => {
    for (const [name, messages] of Object.entries(STAFF_SCREENS)) {
      for (const text of toastTexts(messages as Texts).filter((text) => !SHOWN_BY_THE_PAGE.has(text))) {
        expect(text, name).toMatch(/^staffToasts\.\w+$/);
        for (const locale of ["en", "es"] as const) expect(renderText(locale, text), `${name} ${text} in ${locale}`).not.toBe(text);
      }
    }
    expect(renderText("en", DEMO_DATA_FAILED)).toBe("Failed to generate demo data. Please try again.");
  });

  it("render word for word as the product says them in English, values filled in", () => {
    expect(renderText("en", CLASS_MESSAGES.intents.create.success)).toBe("Cohort created");
    expect(renderText("en", QUESTION_BANK_MESSAGES.intents.previewGrade.failureTitle)).toBe("Grading failed");
    const toast = demoGeneratedToast({ cohort: { name: "Demo 6B" }, test: { title: "Fractions" }, students: 30 });
    expect(renderText("en", toast.description, toast.values)).toBe('Demo 6B: 30 simulated students took "Fractions".');
    expect(renderText("es", toast.description, toast.values)).toBe("Demo 6B: 30 estudiantes simulados tomaron «Fractions».");
  });
});
