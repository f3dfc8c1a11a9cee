import { useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while the server's HTML is showing, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Seconds left, counting down each second from `start` (the server's figure when the page got
 * it), from the render `since` names (the server's render time: a new page after a break starts
 * a new count). Measured against the clock, so a throttled background tab does not drift.
 */
export function useCountdown(start: number | null, since = 0): number | null {
  const [tick, setTick] = useState({ since, elapsed: 0 });
  useEffect(() => {
    if (start === null) return;
    const mountedAt = Date.now();
    const timer = window.setInterval(() => setTick({ since, elapsed: Math.floor((Date.now() - mountedAt) / 1000) }), 1000);
    return () => window.clearInterval(timer);
  }, [start, since]);
  const elapsed = tick.since === since ? tick.elapsed : 0;
  return start === null ? null : Math.max(0, start - elapsed);
}

function formatClock(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

type ClockProps = { label: string; /** The timer's accessible name. */ name: string; seconds: number; urgent: string | null; testId: string };

/** A visible countdown: a named role="timer" without live updates (screen readers get the warnings of domain/sessions/clock-announcements.ts). */
export function Clock({ label, name, seconds, urgent, testId }: ClockProps) {
  return (
    <p className={`rounded-md px-3 py-2 text-sm font-semibold ${urgent ?? "bg-slate-100 text-slate-800"}`} data-testid={testId}>
      {label}{" "}
      <span role="timer" aria-label={name} aria-live="off">
        {formatClock(seconds)}
      </span>
    </p>
  );
}
