#!/usr/bin/env node
/**
 * Writes wrangler.local.toml: wrangler.toml without its `[ai]` table, for `npm start` and
 * `npm run dev:serve`. wrangler dev serves an AI binding only by proxying it to Cloudflare,
 * which needs a login and a network; without the binding the app grades offline, as it should
 * on a laptop (ADR 0035). The copy sits beside wrangler.toml because wrangler resolves `main`,
 * the assets and the migrations folder from the config file's own folder. It is git-ignored.
 *
 *   node scripts/local-wrangler-config.mjs    (prints the path it wrote)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");

/** The `[ai]` header and its keys, up to the next table header. */
const AI_TABLE = /^\[ai\][ \t]*\r?\n(?:(?!\[)[^\n]*(?:\n|$))*/m;

export function writeLocalWranglerConfig() {
  const source = readFileSync(join(root, "wrangler.toml"), "utf8");
  const local = source.replace(AI_TABLE, "");
  if (/^\[ai\]/m.test(local)) throw new Error("wrangler.toml has an [ai] table this script could not remove");
  const path = join(root, "wrangler.local.toml");
  writeFileSync(path, `# Written by scripts/local-wrangler-config.mjs from wrangler.toml; edit that file instead.\n${local}`);
  return path;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) console.log(writeLocalWranglerConfig());
