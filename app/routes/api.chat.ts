import { json } from "@remix-run/cloudflare";

import { chatRequestSchema } from "~/domain/ai/chat-request";
import { chatWithTutor } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * POST /api/chat: {sessionId, questionId, message} → {response}, the tutor's reply in a chat
 * question, for the session's student pass holder or an admin.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  POST: {
    body: chatRequestSchema,
    handler: async ({ request, context, body }) => {
      const response = await chatWithTutor(context, await sessionActorOf(request, context), body);
      return json({ response }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});
