import { json } from "@remix-run/cloudflare";

import { chatRequestSchema } from "~/domain/ai/chat-request";
import { sendChatMessage } from "~/services/ai/chat.server";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess } from "~/services/student-pass.server";

/**
 * POST /api/chat: {sessionId, questionId, message} → {response}, the tutor's reply in a chat
 * question, for the session's student pass holder or an admin.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  POST: {
    body: chatRequestSchema,
    handler: async ({ request, context, body }) => {
      await requireSessionAccess(request, context, body.sessionId);
      const response = await sendChatMessage({ env: context.cloudflare.env, db: context.db, ai: context.config.ai }, body);
      return json({ response }, { headers: { "Cache-Control": "no-store" } });
    },
  },
});
