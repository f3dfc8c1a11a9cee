/** The student pages (DESIGN.md's budgets): /join, /test/{id} and /results/{sessionId}. */
export function isStudentPath(pathname: string): boolean {
  return pathname === "/join" || pathname.startsWith("/join/") || pathname.startsWith("/test/") || pathname.startsWith("/results/");
}
