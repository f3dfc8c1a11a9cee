/**
 * What a roster import's toast says: each outcome counted by kind ("24 students, 24 enrollments
 * created"), never kinds added together (48 "created" for 24 students reads as 48 students).
 */
type Counts = Record<string, number>;
type ImportCounts = { created: Counts; updated: Counts; unchanged: Counts; removed?: Counts; refused: readonly unknown[]; refusedTotal?: number };

/** Singular and plural of each kind an import counts, in the order the toast names them. */
const KIND_WORDS: [kind: string, one: string, many: string][] = [
  ["classes", "class", "classes"],
  ["students", "student", "students"],
  ["enrollments", "enrollment", "enrollments"],
  ["teachers", "teacher", "teachers"],
];

/** "24 students, 24 enrollments"; kinds with none are left out; empty when every kind is zero. */
function byKind(counts: Counts | undefined): string {
  return KIND_WORDS.flatMap(([kind, one, many]) => {
    const count = counts?.[kind] ?? 0;
    return count ? [`${count} ${count === 1 ? one : many}`] : [];
  }).join(", ");
}

export function importToast(outcome: ImportCounts): string {
  const parts = (
    [
      [outcome.created, "created"],
      [outcome.updated, "updated"],
      [outcome.removed, "removed"],
      [outcome.unchanged, "unchanged"],
    ] as const
  ).flatMap(([counts, verb]) => {
    const listed = byKind(counts);
    return listed ? [`${listed} ${verb}`] : [];
  });
  // A OneRoster answer lists only the first refused rows and counts them all (ADR 0047).
  const refused = outcome.refusedTotal ?? outcome.refused.length;
  if (refused) parts.push(`${refused} ${refused === 1 ? "row" : "rows"} refused`);
  return parts.length ? parts.join("; ") : "Nothing to import";
}

/**
 * The import dialog's line while the queue writes a large import in parts (ADR 0047), or reads a
 * large bundle in parts (ADR 0050): its people checked, or imported, once it has read them all.
 */
export function importProgressText(progress: { done: number; total: number; of?: "people" } | null, checking = false): string {
  const verb = checking ? "Checking" : "Importing";
  if (!progress) return `${verb}…`;
  const count = (value: number) => value.toLocaleString("en-US");
  if (progress.of !== "people") return `Importing: ${count(progress.done)} of ${count(progress.total)} changes saved`;
  if (progress.total === 0) return `${verb}: reading the bundle…`;
  return `${verb}: ${count(progress.done)} of ${count(progress.total)} people ${checking ? "checked" : "imported"}`;
}

/** The toast when a queued import fails. */
export const IMPORT_FAILED_TITLE = "Import failed";
