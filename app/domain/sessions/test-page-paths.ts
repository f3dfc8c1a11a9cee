/**
 * The student's test and results pages: the server's redirects and the student screens build their
 * addresses here. Admin screens' links to them stay written out: a client module shared by the
 * test page and an admin screen becomes a chunk of its own, and the test page, at its 100 kB
 * budget (tests/integration/budgets.test.ts), cannot pay for one more file.
 */

/** A test's page, where a student starts or continues it. */
export const testPath = (testId: string) => `/test/${encodeURIComponent(testId)}`;

/** The student's pages of one session, for links, redirects and form actions alike. */
export const testPagePath = (testId: string, sessionId: string) => `${testPath(testId)}?session=${encodeURIComponent(sessionId)}`;

/** The test page's data route, which its JavaScript posts the page's intents to (docs/api.md). */
export const testDataPath = (testId: string) => `${testPath(testId)}/data`;

export const resultsPath = (sessionId: string) => `/results/${encodeURIComponent(sessionId)}`;
