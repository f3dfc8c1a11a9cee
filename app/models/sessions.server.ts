import { and, eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { questions, testQuestions, testSessionRecords, tests } from "~/db/schema";

/**
 * A test session's record in D1 (the Durable Object is the live authority; DESIGN.md decision 3),
 * with its test's AI model: what the chat call needs to know about the session it serves.
 */
export async function findSessionForChat(db: Database, sessionId: string) {
  const [row] = await db
    .select({ id: testSessionRecords.id, testConfigId: testSessionRecords.testConfigId, completed: testSessionRecords.completed, aiModel: tests.aiModel })
    .from(testSessionRecords)
    .leftJoin(tests, eq(tests.id, testSessionRecords.testConfigId))
    .where(eq(testSessionRecords.id, sessionId))
    .limit(1);
  return row;
}

/** A bank question, only if it is placed in the given test: a session may only ask its own test's questions. */
export async function findQuestionInTest(db: Database, testId: string, questionId: string) {
  const [row] = await db
    .select({ question: questions })
    .from(testQuestions)
    .innerJoin(questions, eq(questions.id, testQuestions.questionId))
    .where(and(eq(testQuestions.testId, testId), eq(testQuestions.questionId, questionId)))
    .limit(1);
  return row?.question;
}
