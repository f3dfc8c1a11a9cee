import { createDatabase } from "~/db/client.server";
import type { AttemptState } from "~/domain/sessions/attempt";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { MAX_ARCHIVE_CHARS, readSessionArchive, sessionArchive } from "~/domain/sessions/session-archive";
import type { ChatMessage } from "~/domain/sessions/session-contract";
import type { Env } from "~/env";
import { gunzipFromBase64, gzipToBase64 } from "~/lib/gzip-text";
import { findSessionArchive, writeSessionArchive } from "~/models/session-archives.server";

/**
 * A finished session's archive in D1 (domain/sessions/session-archive.ts): gzipped JSON as base64.
 * "too_large" when it would not fit one D1 value; a D1 failure is thrown for the caller to retry.
 * A session no longer in D1 counts as written: there is nothing left to keep.
 */
export async function writeArchive(
  env: Pick<Env, "DB">,
  archived: { state: AttemptState; blueprint: SessionBlueprint; chats: Record<string, ChatMessage[]> },
): Promise<"written" | "too_large"> {
  const data = await gzipToBase64(JSON.stringify(sessionArchive(archived.state, archived.blueprint, archived.chats)));
  if (data.length > MAX_ARCHIVE_CHARS) return "too_large";
  await writeSessionArchive(createDatabase(env.DB), archived.blueprint.sessionId, data);
  return "written";
}

/** The session's archive read back, or null when there is none (or it is not one this code wrote, which is logged). */
export async function readArchive(env: Pick<Env, "DB">, sessionId: string) {
  const data = await findSessionArchive(createDatabase(env.DB), sessionId);
  if (data === null) return null;
  const archive = readSessionArchive(JSON.parse(await gunzipFromBase64(data)));
  if (!archive) console.error("A session archive could not be read; the session answers as not begun", sessionId);
  return archive;
}
