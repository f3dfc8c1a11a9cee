/**
 * When the break screen speaks about the break's end (ADR 0042): once at a minute left and once at
 * the end, politely; nothing every second. At the end the page asks the server to end the break,
 * so the clock restarts when the question is back on screen. The words are the `breaks` area of
 * the catalog (`oneMinute`, `over`; ADR 0045).
 */
type BreakCue = { afterMs: number; kind: "oneMinute" | "end" };

/** The cues a break screen shown with `breakSecondsLeft` gives, in order; a minute or less left gives only the end. */
export function breakCues(breakSecondsLeft: number): BreakCue[] {
  const left = Math.max(0, breakSecondsLeft);
  const end: BreakCue = { afterMs: left * 1000, kind: "end" };
  return left > 60 ? [{ afterMs: (left - 60) * 1000, kind: "oneMinute" }, end] : [end];
}
