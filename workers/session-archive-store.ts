import { createDatabase } from "~/db/client.server";
import type { AttemptState } from "~/domain/sessions/attempt";
import type { SessionBlueprint } from "~/domain/sessions/blueprint";
import { readSessionArchive, sessionArchive } from "~/domain/sessions/session-archive";
import type { ChatMessage } from "~/domain/sessions/session-contract";
import type { Env } from "~/env";
import { gunzipFromBase64, gunzipText, gzipText } from "~/lib/gzip-text";
import { archiveKey, findSessionArchive, markSessionArchived } from "~/models/session-archives.server";

/**
 * A finished session's archive (domain/sessions/session-archive.ts): gzipped JSON, one R2 object a
 * session (ADR 0048). A failure is thrown for the caller to retry.
 */
export async function writeArchive(
  env: Pick<Env, "DB" | "ARCHIVES">,
  archived: { state: AttemptState; blueprint: SessionBlueprint; chats: Record<string, ChatMessage[]> },
): Promise<void> {
  const { sessionId } = archived.blueprint;
  const key = archiveKey(sessionId);
  await env.ARCHIVES.put(key, await gzipText(JSON.stringify(sessionArchive(archived.state, archived.blueprint, archived.chats))));
  // Marked after the put: a session deleted from D1 meanwhile (an erasure, the retention purge)
  // finds no row to mark, and its archive goes again, whichever of the two ran first.
  if ((await markSessionArchived(createDatabase(env.DB), sessionId)) === "no_session") await env.ARCHIVES.delete(key);
}

/**
 * The session's archive read back: from R2, else from D1 where archives were kept before (an
 * upgrade loses none); null when there is none (or it is not one this code wrote, which is logged).
 */
export async function readArchive(env: Pick<Env, "DB" | "ARCHIVES">, sessionId: string) {
  const object = await env.ARCHIVES.get(archiveKey(sessionId));
  const text = object ? await gunzipText(await object.arrayBuffer()) : await readArchiveFromD1(env, sessionId);
  if (text === null) return null;
  const archive = readSessionArchive(JSON.parse(text));
  if (!archive) console.error("A session archive could not be read; the session answers as not begun", sessionId);
  return archive;
}

async function readArchiveFromD1(env: Pick<Env, "DB">, sessionId: string): Promise<string | null> {
  const data = await findSessionArchive(createDatabase(env.DB), sessionId);
  return data === null ? null : gunzipFromBase64(data);
}
