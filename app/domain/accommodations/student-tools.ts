import type { Accommodations, SessionAccommodations } from "./accommodations";

/**
 * What the test page offers a student under their accommodations (the rest is enforced by the
 * session object). Kept apart from the schemas so the student page's JavaScript carries no zod.
 */
export const ZOOM_LEVELS = [1, 1.25, 1.5, 2] as const;

export type StudentTools = Pick<Accommodations, "breaks" | "readAloud" | "eliminator" | "masking" | "highContrast" | "zoom"> & { untimed: boolean };

export function studentTools(accommodations: SessionAccommodations | null): StudentTools {
  const given = accommodations ?? {
    breaks: false,
    readAloud: false,
    eliminator: false,
    masking: false,
    highContrast: false,
    zoom: 1,
    extendedTime: 1,
  };
  return {
    breaks: given.breaks,
    readAloud: given.readAloud,
    eliminator: given.eliminator,
    masking: given.masking,
    highContrast: given.highContrast,
    zoom: given.zoom,
    untimed: given.extendedTime === "unlimited",
  };
}

/** Whether the test page shows its tools bar at all (a break, reading aloud, the line reader, striking out answers). */
export function offersTestTools(tools: StudentTools): boolean {
  return tools.breaks || tools.readAloud || tools.masking || tools.eliminator;
}

/** An answer option's letter as the test page shows it: A, B, C… */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/**
 * The answer eliminator's button (ADR 0032): what it shows is its accessible name (WCAG 2.5.3), and
 * aria-pressed carries whether the option is struck out. Its words are the test area's messages in
 * the page's language (ADR 0045); the option's letter, their one value, is put in here with a plain
 * replace, so no formatting code reaches the page.
 */
export function strikeLabel(index: number, struck: boolean, said: { strikeOut: string; undoStrike: string }): string {
  return (struck ? said.undoStrike : said.strikeOut).replace("{letter}", optionLetter(index));
}
