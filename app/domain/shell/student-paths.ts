/** The student pages (the design's budgets): /join, /test/{id} and /results/{sessionId}. */
export function isStudentPath(pathname: string): boolean {
  return pathname === "/join" || pathname.startsWith("/join/") || pathname.startsWith("/test/") || pathname.startsWith("/results/");
}

/**
 * Pages whose HTML carries the stylesheet inline, to paint after one round trip on a slow network:
 * the student pages and "/" (the landing page a signed-out visitor meets first).
 */
export function inlinesStylesheet(pathname: string): boolean {
  return pathname === "/" || isStudentPath(pathname);
}
