import { AlertTriangle } from "lucide-react";
import { type ReactNode, useId } from "react";

import { READING_TEXTS, type RubricReading } from "~/domain/ai/offline-grader/reading";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="font-medium text-slate-900">{title}</h4>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">{children}</ul>
    </div>
  );
}

/**
 * "How answers will be checked": what the offline grader reads from the rubric being written
 * (domain/ai/offline-grader/reading.ts), so the teacher sees a rubric it cannot match before a
 * student's answer waits on it. The warning is words, not a colour alone.
 */
export function RubricReadingPanel({ reading }: { reading: RubricReading }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3 text-sm text-slate-800">
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900">
          {READING_TEXTS.heading}
        </h3>
        <p className="text-slate-700">{READING_TEXTS.intro}</p>
      </div>
      {reading.warning ? (
        <p className="flex gap-2 rounded-md border border-amber-400 bg-amber-50 p-2 text-amber-950">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{READING_TEXTS.warningLabel}</strong> {reading.warning}
          </span>
        </p>
      ) : null}
      {reading.scorePoints ? <p>{READING_TEXTS.scorePoints}</p> : null}
      {reading.acceptable.length > 0 ? (
        <Group title={READING_TEXTS.acceptable}>
          {reading.acceptable.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </Group>
      ) : null}
      {reading.counted ? (
        <Group title={READING_TEXTS.counted(reading.counted.count)}>
          {reading.counted.items.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </Group>
      ) : null}
      {reading.criteria.length > 0 ? (
        <Group title={READING_TEXTS.criteria}>
          {reading.criteria.map((group, index) => (
            <li key={index}>{group.length === 1 ? group[0] : group.join(" + ")}</li>
          ))}
        </Group>
      ) : null}
      {reading.exclusions.length > 0 ? (
        <Group title={READING_TEXTS.exclusions}>
          {reading.exclusions.map((exclusion, index) => (
            <li key={index}>
              {exclusion.text}
              {exclusion.kind === "incorrect" ? ` (${READING_TEXTS.incorrectExample})` : null}
              {exclusion.onlyAlone ? ` (${READING_TEXTS.onlyAlone})` : null}
            </li>
          ))}
        </Group>
      ) : null}
    </section>
  );
}
