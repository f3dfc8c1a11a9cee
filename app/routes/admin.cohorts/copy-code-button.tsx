import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";

import { useToast } from "~/components/toast/toast-context";

/** The copy confirmation lasts 2 seconds. */
const COPIED_FEEDBACK_MS = 2000;

/**
 * Copies a join code. Without a clipboard (an insecure origin, a refused permission) it says
 * so, and the code stays on screen to copy by hand.
 */
export function CopyCodeButton({ code, label = "Copy code" }: { code: string; label?: string }) {
  const { toast } = useToast();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("No clipboard");
      await navigator.clipboard.writeText(code);
      setCopied(true);
      toast({ title: "Copied!", description: `Join code ${code} is on your clipboard.` });
    } catch {
      toast({ title: "Could not copy", description: `Select the code ${code} and copy it yourself.`, variant: "destructive" });
    }
  };

  return (
    <button type="button" className="btn-outline" onClick={() => void copy()} aria-live="polite">
      {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
      {copied ? "Copied!" : label}
    </button>
  );
}
