import { json } from "@remix-run/cloudflare";
import type { z } from "zod";

import { renderText } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import type { ActionResult, TitledMessage } from "~/domain/shell/action-result";
import type { ToastMessage } from "~/domain/shell/toast";
import { DomainError, invalid, RATE_LIMITED_TITLE, RateLimitedError } from "~/lib/errors";
import { formToObject } from "~/lib/form-data";
import { fieldErrors } from "~/lib/form-errors";
import { parseRequestJson } from "~/lib/json-bounds";

import { describeFailure } from "./http-errors.server";
import { screenLocale } from "./locale.server";
import { toastIn } from "./toast.server";

/**
 * The one way a screen action runs (docs/decisions/0006-action-contract.md):
 * read the submission (form post or JSON) → parse it with the screen's intent schema → run the
 * intent → answer one ActionResult, or the Response the intent returns (a redirect).
 * Expected failures become 4xx with their message; anything else is logged and answers 500
 * with the intent's failure text.
 */
type IntentSchema = z.ZodType<{ intent: string }, z.ZodTypeDef, unknown>;

type ActionMessages<Intent extends string> = {
  /**
   * Per intent: the success toast (null for none), the intent's failure text, and the
   * title the product gives that intent's failures ("Generation Failed", or "Error" where the product says
   * so). Without a title, a failure with a reason of its own is titled with the failure text.
   */
  intents: Record<Intent, { success: ToastMessage | string | null; failure: string; failureTitle?: string }>;
  /** Validation and rule messages that the product shows under their own title. */
  titled?: readonly TitledMessage[];
};

/** What an intent may return: nothing (the success toast), data for the screen, or a Response. */
type IntentOutcome<Data> = void | Response | { data: Data; toast?: ToastMessage | null };

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** True for a form post (urlencoded or multipart), the only body code that reads the form itself can read. */
export function isFormSubmission(request: { headers: Headers }): boolean {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  return FORM_TYPES.includes(type);
}

/** The text fields of a form post worth showing again after a refusal: never a password. */
function echoOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !/password/i.test(name)) values[name] = value;
  }
  return values;
}

/** Reads a form post or a JSON body into a plain value for a schema (and a form's echo). */
async function readSubmission(original: Request): Promise<{ submission: unknown; echo?: Record<string, string> }> {
  // A copy: the intent may hand the request on to code that reads the body itself (remix-auth).
  const request = original.clone();
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json") {
    return { submission: parseRequestJson(await request.text()) };
  }
  if (isFormSubmission(request)) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw invalid("actions.formUnreadable");
    }
    return { submission: formToObject(form), echo: echoOf(form) };
  }
  throw invalid("actions.notFormData");
}

/** The screen's texts in the request's language: catalog codes rendered, sentences as they are (ADR 0045). */
function inLanguage<Intent extends string>(locale: AnyLocale, messages: ActionMessages<Intent>): ActionMessages<Intent> {
  const say = (text: string) => renderText(locale, text);
  const sayToast = (toast: ToastMessage) => toastIn(locale, toast);
  const intents = {} as ActionMessages<Intent>["intents"];
  for (const [intent, texts] of Object.entries(messages.intents) as [Intent, ActionMessages<Intent>["intents"][Intent]][]) {
    const { success, failure, failureTitle } = texts;
    intents[intent] = {
      success: success === null ? null : typeof success === "string" ? say(success) : sayToast(success),
      failure: say(failure),
      ...(failureTitle ? { failureTitle: say(failureTitle) } : {}),
    };
  }
  return { intents, titled: messages.titled?.map((entry) => ({ title: say(entry.title), message: say(entry.message) })) };
}

const hasIntent = (value: unknown): value is { intent: string } =>
  typeof value === "object" && value !== null && typeof (value as { intent?: unknown }).intent === "string";

function toastOf(message: string, titled: readonly TitledMessage[] = [], failureTitle = "Error"): ToastMessage {
  const title = titled.find((entry) => entry.message === message)?.title ?? failureTitle;
  return { title, description: message, variant: "destructive" };
}

/**
 * The toast of an intent that failed for a reason of its own ("That join code is already used by
 * another class"): where the product gives the intent's failure text but no title, its words are the
 * title and the reason goes under it.
 */
function refusalToast(message: string, messages: ActionMessages<string>, intent: string): ToastMessage {
  const { failure, failureTitle } = messages.intents[intent]!;
  const titled = messages.titled?.some((entry) => entry.message === message);
  if (titled || failureTitle || message === failure) return toastOf(message, messages.titled, failureTitle);
  return { title: failure, description: message, variant: "destructive" };
}

function failure(
  status: number,
  intent: string | null,
  toast: ToastMessage,
  errors: Record<string, string> = {},
  values?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return json<ActionResult>({ ok: false, intent, toast, fieldErrors: errors, ...(values ? { values } : {}) }, { status, headers });
}

export async function handleAction<Schema extends IntentSchema, Data = undefined>(
  request: Request,
  schema: Schema,
  messages: ActionMessages<z.infer<Schema>["intent"]>,
  run: (input: z.infer<Schema>) => Promise<IntentOutcome<Data>>,
): Promise<Response> {
  // A staff screen's toasts stay English; a student page's follow the request (ADR 0045).
  const locale = screenLocale(request);
  messages = inLanguage(locale, messages);
  let submission: unknown;
  let echo: Record<string, string> | undefined;
  try {
    ({ submission, echo } = await readSubmission(request));
  } catch (error) {
    const { status, message } = describeFailure(error, "Reading a submission", undefined, locale);
    return failure(status, null, toastOf(message));
  }
  const intents = messages.intents as ActionMessages<string>["intents"];
  const intent = hasIntent(submission) && Object.hasOwn(intents, submission.intent) ? submission.intent : null;
  if (intent === null) return failure(400, null, toastOf(renderText(locale, "actions.unknownAction")));

  const parsed = schema.safeParse(submission);
  if (!parsed.success) {
    const errors = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, text]) => [field, renderText(locale, text)]));
    return failure(400, intent, toastOf(Object.values(errors)[0] ?? intents[intent]!.failure, messages.titled, intents[intent]!.failureTitle), errors, echo);
  }
  try {
    const outcome = await run(parsed.data);
    if (outcome instanceof Response) return outcome;
    const success = intents[intent]!.success;
    const defaultToast = typeof success === "string" ? { title: success } : success;
    return json<ActionResult<Data | undefined>>({
      ok: true,
      intent,
      toast: outcome && "toast" in outcome && outcome.toast !== undefined ? outcome.toast && toastIn(locale, outcome.toast) : defaultToast,
      data: outcome ? outcome.data : undefined,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, message, headers } = describeFailure(error, `Screen action "${intent}"`, intents[intent]!.failure, locale);
    // A rule that names the field it refused lets the form show the reason beside that field.
    const errors = error instanceof DomainError && error.field ? { [error.field]: message } : {};
    const toast =
      error instanceof RateLimitedError
        ? toastOf(message, messages.titled, renderText(locale, RATE_LIMITED_TITLE))
        : refusalToast(message, messages as ActionMessages<string>, intent);
    return failure(status, intent, toast, errors, echo, headers);
  }
}
