import Info from "lucide-react/icons/info";

/** Says plainly, on the AI screens, that no model is configured and what the product does instead. */
export function OfflineNote() {
  return (
    <p className="mt-4 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="offline-note">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      No AI model is configured, so this runs the built-in automatic version: questions are drafted from your own text and structured formats (GIFT, Aiken, CSV)
      are read exactly. Review every question before you save.
    </p>
  );
}
