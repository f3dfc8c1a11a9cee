import { type AiOutcome, OFFLINE_MODEL } from "~/domain/ai/ai-call";
import { costOf, isPriced } from "~/domain/ai/usage-cost";

/**
 * Every model call leaves one structured line in the Worker's logs (Workers Logs / `wrangler tail`)
 * with its task, model, tokens and cost; grading calls are also stored as AI grading log rows.
 * The offline provider calls no model, costs nothing and is not logged here.
 */
export function logAiCall(task: "grade" | "generate" | "format" | "chat", outcome: AiOutcome<unknown>): void {
  const { model, usage } = outcome.call;
  if (model === OFFLINE_MODEL) return;
  // An informational record, not a warning: the one place the Worker logs at info level.
  // eslint-disable-next-line no-console
  console.log(
    JSON.stringify({
      event: "ai_call",
      task,
      model,
      ok: outcome.ok,
      error: outcome.ok ? undefined : outcome.error,
      ...usage,
      costUsd: Number(costOf(model, usage).totalCost.toFixed(6)),
      // A model without a published rate is recorded at 0 and marked, so "free" and "unknown" differ.
      ...(isPriced(model) ? {} : { priced: false }),
    }),
  );
}
