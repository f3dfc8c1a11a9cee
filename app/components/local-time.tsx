import { formatShortDateTime, LOCAL_TIMES_SCRIPT, ownTimeZone, type ShownTime } from "~/domain/shell/time-zone";

import { useNonce } from "./nonce";

/**
 * A time in the teacher's zone. The server writes its own text (the cookie's zone, or UTC);
 * `LocalTimesScript` rewrites it in the browser's zone before React hydrates, and React renders the
 * same text in the browser, so a first visit shows local times with no flash and no mismatch.
 */
export function LocalTime({ time }: { time: ShownTime }) {
  const text = typeof document === "undefined" ? time.text : formatShortDateTime(new Date(time.at), ownTimeZone(), time.withYear);
  return (
    <time dateTime={time.at} data-local-time={time.withYear ? "year" : ""}>
      {text}
    </time>
  );
}

/** Placed after the page's content: runs once as the HTML arrives (React never runs a script it renders). */
export function LocalTimesScript() {
  // The nonce is hidden from the DOM once parsed, so the browser's render cannot match it.
  return <script nonce={useNonce()} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: LOCAL_TIMES_SCRIPT }} />;
}
