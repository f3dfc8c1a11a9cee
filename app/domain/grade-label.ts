/**
 * A grade as a label: "5" is "Grade 5". Grades come from people and SIS exports, which sometimes
 * write the word already ("Grade 5", "Kindergarten"): those are shown as written, never "Grade Grade 5".
 */
const WRITTEN_OUT = /^(grade\b|kindergarten|pre-?k|preschool)/i;

/** Null for no grade, so a caller can leave the label out. */
export function gradeLabel(grade: string | null | undefined): string | null {
  const value = grade?.trim() ?? "";
  if (!value) return null;
  return WRITTEN_OUT.test(value) ? value : `Grade ${value}`;
}

/** A grade in a column already headed "Grade": as written, and a blank one (a OneRoster record without `grades`) as "—". */
export function gradeCell(grade: string | null | undefined): string {
  return grade?.trim() || "—";
}
