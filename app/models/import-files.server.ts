import { and, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { inChunks } from "~/lib/batching";

/**
 * What a OneRoster bundle read in parts keeps in the IMPORTS bucket while its job runs (ADR 0050),
 * one folder a job: the uploaded zip, its layout, the parts' chunks and each part's planned outcome.
 * The import removes its folder when it ends; the nightly run removes a folder an import left
 * behind (a job that failed after every retry, or a crash after its last batch).
 */
const FOLDER = "roster-bundles/";
const prefix = (jobId: string) => `${FOLDER}${jobId}/`;
/** Where the uploaded zip is kept until the import ends. */
export const bundleKey = (jobId: string) => `${prefix(jobId)}bundle.zip`;
export const layoutKey = (jobId: string) => `${prefix(jobId)}layout.json`;
export const chunkKey = (jobId: string, part: number, chunk: number) => `${prefix(jobId)}part-${part}/chunk-${chunk}.json`;
export const outcomeKey = (jobId: string, part: number) => `${prefix(jobId)}part-${part}/outcome.json`;

export async function readJson<Value>(bucket: R2Bucket, key: string): Promise<Value | null> {
  const object = await bucket.get(key);
  return object ? ((await object.json()) as Value) : null;
}

/** Every key under `prefix`, a page of at most 1,000 at a time (R2 deletes up to 1,000 keys a call). */
async function forEachPage(bucket: R2Bucket, listPrefix: string, take: (keys: string[]) => Promise<void>, maxPages = Infinity): Promise<void> {
  let cursor: string | undefined;
  for (let page = 0, more = true; more && page < maxPages; page += 1) {
    const listed = await bucket.list({ prefix: listPrefix, ...(cursor ? { cursor } : {}) });
    if (listed.objects.length) await take(listed.objects.map((object) => object.key));
    more = listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
}

/** Everything the import kept in the bucket: the zip, the layout, the chunks and the parts' outcomes. */
export async function removeKept(bucket: R2Bucket, jobId: string): Promise<void> {
  await forEachPage(bucket, prefix(jobId), (keys) => bucket.delete(keys));
}

/** The nightly run reads at most this many pages of the folder: the rest waits for the next night. */
const SWEEP_PAGES = 20;

/**
 * Removes the files of imports whose job no longer runs (finished, failed or deleted): what one
 * left behind. A queued or running job's files stay. Answers how many files it removed.
 */
export async function removeFilesOfEndedImports(db: Database, bucket: R2Bucket): Promise<number> {
  let removed = 0;
  await forEachPage(
    bucket,
    FOLDER,
    async (keys) => {
      const jobIdOf = (key: string) => key.slice(FOLDER.length).split("/")[0]!;
      const running = await inChunks(
        keys.map(jobIdOf),
        (ids) =>
          db
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(inArray(jobs.id, ids), inArray(jobs.status, ["queued", "running"]))),
        2,
      );
      const runningIds = new Set(running.map((row) => row.id));
      const left = keys.filter((key) => !runningIds.has(jobIdOf(key)));
      if (left.length) await bucket.delete(left);
      removed += left.length;
    },
    SWEEP_PAGES,
  );
  return removed;
}
