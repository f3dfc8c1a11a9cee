import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { Dialog } from "~/components/dialog";
import { useJobPolling } from "~/components/job-progress";
import { Tabs } from "~/components/tabs";
import { useToast } from "~/components/toast/toast-context";
import { IMPORT_FAILED_TITLE, importProgressText, importToast } from "~/domain/students/import-toast";

import { ClassPicker } from "./class-picker";
import { type ImportOutcome, ImportSummary } from "./import-summary";

type Kind = "csv" | "oneroster";
/** What the import's action answers: the outcome, or the job writing a large import in parts (ADR 0047). */
export type ImportResult = ImportOutcome | { queued: string };
const KIND_TABS: { key: Kind; label: string }[] = [
  { key: "csv", label: "Roster CSV" },
  { key: "oneroster", label: "OneRoster bundle" },
];

/**
 * Import students: a simple roster CSV (pasted or chosen) onto an optional class, or a district's
 * OneRoster zip. Either is previewed first (nothing saved) and applied only when the teacher
 * confirms the preview; the file is sent again then, so nothing is held on the server between.
 */
export function ImportDialog({ bundles, onClose }: { bundles: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>("csv");
  const [csv, setCsv] = useState("");
  const [classId, setClassId] = useState("");
  const [bundle, setBundle] = useState<File | null>(null);
  const [recreateDeleted, setRecreateDeleted] = useState(false);
  const [preview, setPreview] = useState<ImportOutcome | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const { fetcher, busy: sending, submitIntent } = useIntentFetcher<ImportResult>();
  const { toast } = useToast();
  const job = useJobPolling(queued, {
    onSucceeded: (answer) => {
      const outcome = answer as ImportOutcome;
      setQueued(null);
      // A bundle large enough to be read in parts is previewed by the queue too (ADR 0050).
      if (!outcome.applied) {
        setPreview(outcome);
        return;
      }
      toast({ title: "Roster imported", description: importToast(outcome) });
      onClose();
    },
    onFailed: (error) => {
      setQueued(null);
      toast({ title: IMPORT_FAILED_TITLE, description: error, variant: "destructive" });
    },
  });
  const busy = sending || queued !== null;

  useActionResult(fetcher, {
    onSuccess: (result) => {
      const outcome = result.data!;
      if ("queued" in outcome) {
        setQueued(outcome.queued);
        return;
      }
      if (!outcome.applied) {
        setPreview(outcome);
        return;
      }
      toast({ title: "Roster imported", description: importToast(outcome) });
      onClose();
    },
  });
  // A different file or class is a different import: its preview no longer holds.
  const changing =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPreview(null);
      setRecreateDeleted(false);
    };
  const chooseKind = changing(setKind);
  const changeCsv = changing(setCsv);
  const chooseClass = changing(setClassId);
  const chooseBundle = changing(setBundle);

  const send = (apply: boolean) => {
    if (kind === "csv") {
      submitIntent({ intent: "import-csv", csv, cohortId: classId || null, apply: apply ? "1" : "0" });
      return;
    }
    const form = new FormData();
    form.set("intent", "import-oneroster");
    form.set("apply", apply ? "1" : "0");
    if (recreateDeleted) form.set("recreateDeleted", "1");
    if (bundle) form.set("file", bundle);
    fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <Dialog open onClose={onClose} title="Import Students" wide>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          // The download of every refused row is the browser's own submission: its answer is a CSV attachment.
          if ((event.nativeEvent as SubmitEvent).submitter?.dataset.download) return;
          event.preventDefault();
          send(preview !== null);
        }}
      >
        <Tabs tabs={bundles ? KIND_TABS : KIND_TABS.slice(0, 1)} selected={kind} onSelect={chooseKind} label="What to import">
          {kind === "csv" ? (
            <div className="space-y-4">
              <p className="text-sm text-slate-700">
                A header row naming Student ID, Given Name, Family Name and Grade (Email optional), then one student a row.
              </p>
              <div>
                <label htmlFor="import-csv-file" className="label">
                  CSV file
                </label>
                <input
                  id="import-csv-file"
                  type="file"
                  accept=".csv,text/csv"
                  className="mt-1 block text-sm text-slate-900"
                  onChange={async (event) => changeCsv((await event.target.files?.[0]?.text()) ?? "")}
                />
              </div>
              <div>
                <label htmlFor="import-csv-text" className="label">
                  Or paste the rows
                </label>
                <textarea
                  id="import-csv-text"
                  className="input mt-1 h-32 font-mono text-sm"
                  value={csv}
                  spellCheck={false}
                  onChange={(event) => changeCsv(event.target.value)}
                />
              </div>
              <ClassPicker value={classId} onChange={chooseClass} />
            </div>
          ) : (
            <div className="space-y-2">
              <p className="text-sm text-slate-700">
                The zip your student information system exports (OneRoster CSV, version 1.1 or 1.2, bulk or delta). Its classes become rostered classes, its
                teachers get accounts, and its students go on their classes&apos; rosters.
              </p>
              <label htmlFor="import-oneroster-file" className="label">
                OneRoster zip
              </label>
              <input
                id="import-oneroster-file"
                name="file"
                type="file"
                accept=".zip,application/zip"
                className="block text-sm text-slate-900"
                onChange={(event) => chooseBundle(event.target.files?.[0] ?? null)}
              />
            </div>
          )}
        </Tabs>
        <div aria-live="polite">
          {preview ? <ImportSummary outcome={preview} recreate={{ checked: recreateDeleted, onChange: setRecreateDeleted }} /> : null}
        </div>
        {queued ? (
          <div className="space-y-1">
            <progress
              className="h-2 w-full accent-brand-600"
              max={job?.progress?.total ?? 1}
              value={job?.progress?.done ?? 0}
              aria-labelledby="import-progress"
            />
            <p id="import-progress" role="status" className="text-sm text-slate-700">
              {importProgressText(job?.progress ?? null, preview === null)}
            </p>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? (preview ? "Importing…" : "Checking…") : preview ? "Import" : "Preview"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
