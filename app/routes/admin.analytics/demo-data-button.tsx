import { useActionData, useFetcher } from "@remix-run/react";
import { Sparkles } from "lucide-react";

import { FormAlert } from "~/components/action-result";
import type { ActionResult } from "~/lib/action-result";

/**
 * 'Generate demo data' (SPEC.md section 2): a plain form post to the screen's action, so it works
 * without JavaScript too; the action redirects to the new class's analytics. While it runs (about
 * two seconds: 32 simulated students take the test) the button says so and cannot be pressed twice.
 */
export function DemoDataButton() {
  const fetcher = useFetcher<ActionResult>({ key: "generate-demo" });
  // Without JavaScript the post is a document request and its answer arrives as the page's action data.
  const documentResult = useActionData<ActionResult>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.data ?? documentResult;
  return (
    <div className="flex flex-col items-end gap-2">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="generateDemo" />
        <button type="submit" className="btn-outline" disabled={busy} aria-describedby="demo-data-status">
          <Sparkles aria-hidden="true" className="size-4" />
          {busy ? "Generating demo data…" : "Generate demo data"}
        </button>
      </fetcher.Form>
      <p id="demo-data-status" role="status" className="text-sm text-slate-700">
        {busy ? "Simulated students are taking the demo test. This takes a few seconds." : ""}
      </p>
      {busy ? null : <FormAlert result={result} id="demo-data-error" />}
    </div>
  );
}
