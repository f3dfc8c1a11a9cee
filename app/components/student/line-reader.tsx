import { useEffect, useState } from "react";

/** The band left clear, in CSS pixels: about two lines of question text. */
const BAND = 64;

/**
 * The line reader (masking, ADR 0032): the page is dimmed except a band that follows the pointer,
 * or the focused control when the student uses the keyboard. The masks let clicks through.
 */
export default function LineReader() {
  const [centre, setCentre] = useState<number | null>(null);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => setCentre(event.clientY);
    const onFocus = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      const rect = event.target.getBoundingClientRect();
      setCentre(rect.top + rect.height / 2);
    };
    window.addEventListener("pointermove", onPointer);
    window.addEventListener("focusin", onFocus);
    return () => {
      window.removeEventListener("pointermove", onPointer);
      window.removeEventListener("focusin", onFocus);
    };
  }, []);
  const middle = centre ?? (typeof window === "undefined" ? 300 : window.innerHeight / 3);
  return (
    <div aria-hidden="true" data-testid="line-reader">
      <div className="line-reader-mask top-0" style={{ height: Math.max(0, middle - BAND / 2) }} />
      <div className="line-reader-mask bottom-0" style={{ top: middle + BAND / 2 }} />
    </div>
  );
}
