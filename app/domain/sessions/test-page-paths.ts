/** A test's page, where a student starts or continues it: every link and redirect to it is built here. */
export const testPath = (testId: string) => `/test/${encodeURIComponent(testId)}`;

/** The student's pages of one session, for links, redirects and form actions alike. */
export const testPagePath = (testId: string, sessionId: string) => `${testPath(testId)}?session=${encodeURIComponent(sessionId)}`;

/** The test page's data route, which its JavaScript posts the page's intents to (docs/api.md). */
export const testDataPath = (testId: string) => `${testPath(testId)}/data`;

export const resultsPath = (sessionId: string) => `/results/${encodeURIComponent(sessionId)}`;
