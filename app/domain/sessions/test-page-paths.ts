/** The student's pages of one session, for links, redirects and form actions alike. */
export const testPagePath = (testId: string, sessionId: string) => `/test/${testId}?session=${encodeURIComponent(sessionId)}`;

export const resultsPath = (sessionId: string) => `/results/${encodeURIComponent(sessionId)}`;
