import { json } from "@remix-run/cloudflare";

import { chatRequestSchema } from "~/domain/ai/chat-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { sendChatMessage } from "~/services/ai/chat.server";

/**
 * POST /api/chat: {sessionId, questionId, message} → {response}, the tutor's reply in a chat
 * question (SPEC.md section 7). Admins only until students hold a session pass (the student
 * journey issue adds it).
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireAdmin(request, context);
  const input = await parseJsonBody(request, chatRequestSchema);
  const response = await sendChatMessage({ env: context.cloudflare.env, db: context.db, ai: context.config.ai }, input);
  return json({ response }, { headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
