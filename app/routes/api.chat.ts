import { json } from "@remix-run/cloudflare";

import { chatRequestSchema } from "~/domain/ai/chat-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { sendChatMessage } from "~/services/ai/chat.server";
import { requireSessionAccess } from "~/services/student-pass.server";

/**
 * POST /api/chat: {sessionId, questionId, message} → {response}, the tutor's reply in a chat
 * question (SPEC.md section 7), for the session's student pass holder or an admin.
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, chatRequestSchema);
  await requireSessionAccess(request, context, input.sessionId);
  const response = await sendChatMessage({ env: context.cloudflare.env, db: context.db, ai: context.config.ai }, input);
  return json({ response }, { headers: { "Cache-Control": "no-store" } });
});

export const loader = () => methodNotAllowed(["POST"]);
