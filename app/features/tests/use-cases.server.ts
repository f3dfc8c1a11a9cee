import type { AppLoadContext } from "@remix-run/cloudflare";

import type { GenerationRequest } from "~/domain/ai/generation-request";
import type { TestCreate, TestUpdate } from "~/domain/assessments/test-config";
import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found, notFound } from "~/lib/errors";
import * as store from "~/models/tests.server";
import { aiTasksFor, formatTestContent, generateTestDraft } from "~/services/ai/tasks.server";

/**
 * The tests' operations (ADR 0038): one function an operation, called by the test screens (list,
 * create, editor, generator, importer) and by the /api/tests routes alike. Tests are the
 * district's shared content (ADR 0031): each operation asks the policy for its pair, read or
 * author, once, here. A refusal is a DomainError by kind (403 NOT_ALLOWED, 404 with the NOT_FOUND
 * text, 400 naming the field), which `resourceRoute` and `handleAction` map in one place.
 */
type Actor = CurrentUser;

const mayRead = (actor: Actor) => allowedScope(actor, "read", "shared-content");
const mayAuthor = (actor: Actor) => allowedScope(actor, "author", "shared-content");

/** Every test, newest first, with its placements. */
export async function listTests(context: AppLoadContext, actor: Actor) {
  mayRead(actor);
  return store.listTests(context.db);
}

/** One test in full: details, sections, placements and timer defaults. */
export async function viewTest(context: AppLoadContext, actor: Actor, id: string) {
  mayRead(actor);
  return found(await store.getTestDetail(context.db, id), NOT_FOUND.test);
}

/** A new test; its draft questions (from the generator or the importer) join the bank in the same batch. */
export async function createTest(context: AppLoadContext, actor: Actor, input: TestCreate) {
  mayAuthor(actor);
  return store.createTest(context.db, input, actor.id);
}

/** A test's details, sections, placements and timer defaults replaced together. */
export async function updateTest(context: AppLoadContext, actor: Actor, id: string, input: TestUpdate) {
  mayAuthor(actor);
  return found(await store.updateTest(context.db, id, input), NOT_FOUND.test);
}

export async function deleteTest(context: AppLoadContext, actor: Actor, id: string) {
  mayAuthor(actor);
  if (!(await store.deleteTest(context.db, id))) throw notFound(NOT_FOUND.test);
  return { deleted: true as const };
}

/** A generated test draft: a queued job, waited on for a while; each door presents the wait. */
export async function generateTest(context: AppLoadContext, actor: Actor, request: GenerationRequest) {
  mayAuthor(actor);
  return generateTestDraft(aiTasksFor(context, actor.id), request);
}

/** Raw test content formatted (GIFT, Aiken and CSV parsed exactly, other text by the model): a queued job, as above. */
export async function formatTest(context: AppLoadContext, actor: Actor, rawContent: string, language: ContentLanguage = "en") {
  mayAuthor(actor);
  return formatTestContent(aiTasksFor(context, actor.id), rawContent, language);
}
