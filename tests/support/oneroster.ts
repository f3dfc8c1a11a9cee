import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { strToU8, zipSync } from "fflate";

import type { CookieJar } from "./cookie-jar";
import type { TestWorker } from "./worker";

const fixtures = join(__dirname, "../fixtures/oneroster");

/**
 * A OneRoster bundle from tests/fixtures/oneroster/<folder> as the zip a district exports, in a
 * folder as some systems write it; `change` edits or adds files by name first (null leaves one out).
 */
export function oneRosterZip(
  folder: "v1.1" | "v1.2" | "delta" | "moodle-1.2" | "moodle-1.1-minimal" | "platform-1.1",
  change: Record<string, string | null> = {},
): Uint8Array {
  const directory = join(fixtures, folder);
  const files: Record<string, string> = Object.fromEntries(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name), "utf8")]));
  for (const [name, text] of Object.entries(change)) {
    if (text === null) delete files[name];
    else files[name] = text;
  }
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [`roster-export/${name}`, strToU8(text)])));
}

/** POST /api/roster/oneroster with the zip in the form field `file` (and any other `fields`), as a signed-in client (or nobody). */
export async function uploadOneRoster(
  worker: TestWorker,
  jar: CookieJar | undefined,
  zip: Uint8Array | string | null,
  query = "",
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (zip !== null) form.set("file", new Blob([typeof zip === "string" ? zip : new Uint8Array(zip)]), "roster.zip");
  // Encoded here: the Worker's dispatch would not add the multipart boundary to a FormData body.
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const response = await worker.request(`/api/roster/oneroster${query}`, {
    method: "POST",
    body: await encoded.arrayBuffer(),
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
    jar,
  });
  return { status: response.status, data: await response.json<Record<string, unknown>>() };
}
