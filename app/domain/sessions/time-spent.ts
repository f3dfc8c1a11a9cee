/**
 * How long a student spent on an answer, in words. The product shows time spent in minutes;
 * under a minute that reads "0 minutes" for a real answer, so seconds are shown there instead.
 */
export function formatTimeSpent(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (whole < 60) return `${whole} ${whole === 1 ? "second" : "seconds"}`;
  const minutes = Math.round((whole / 60) * 10) / 10;
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
