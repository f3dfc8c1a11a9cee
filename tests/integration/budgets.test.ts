import { readdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { catalogOf } from "~/domain/i18n/catalog";

/**
 * the design's budget: student pages load at most 100 kB of gzipped JavaScript, and these three
 * keep 5 kB of it free for what student pages still need (another language first). Measured from
 * the Remix asset manifest of the current build: the client entry and the page's route module
 * with every parent layout up to the root, and every chunk they import. What loads only when
 * used (a screen other than the question, the chat, the tools; components/lazy-screen.tsx) is not
 * in the first load and not counted.
 */
const BUDGET_BYTES = 95 * 1024;
const STUDENT_ROUTES = ["routes/join", "routes/test.$id", "routes/results.$sessionId"];

type ManifestEntry = { module: string; imports?: string[]; parentId?: string };
type Manifest = { entry: ManifestEntry; routes: Record<string, ManifestEntry> };

function readManifest(): Manifest {
  const serverBuild = readFileSync("build/server/index.js", "utf8");
  const url = serverBuild.match(/\/build\/manifest-[A-Z0-9]+\.js/)?.[0];
  if (!url) throw new Error("No asset manifest in build/server/index.js: run `npm run build` first.");
  const source = readFileSync(`public${url}`, "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

const gzippedSize = (url: string) => gzipSync(readFileSync(`public${url}`)).length;

describe("student page JavaScript budget", () => {
  const manifest = readManifest();
  for (const routeId of STUDENT_ROUTES) {
    it(`${routeId} loads at most 95 kB of gzipped JavaScript`, () => {
      const parts = [manifest.entry];
      for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) parts.push(manifest.routes[id]!);
      const files = new Set(parts.flatMap((part) => [part.module, ...(part.imports ?? [])]));
      const total = [...files].reduce((sum, file) => sum + gzippedSize(file), 0);
      console.log(`${routeId}: ${(total / 1024).toFixed(1)} kB gzipped in ${files.size} files`);
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
});

/**
 * The budget in both languages (ADR 0045): a page's words come from its loader, so its JavaScript
 * is the same whatever the language, and the figures above hold for Spanish as for English. This
 * holds only while no client code carries the catalog: no Spanish message (nor a pseudo-locale
 * one) is in any built client file.
 */
describe("student page JavaScript in both languages", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(`${dir}/${entry.name}`) : entry.name.endsWith(".js") ? [`${dir}/${entry.name}`] : [],
    );
  const built = files("public/build").map((file) => readFileSync(file, "utf8"));
  // A message the languages share (the product's name) is not a translation.
  const english = new Set(Object.values(catalogOf("en")).flatMap((area) => Object.values(area as Record<string, string>)));
  const messages = (locale: "es" | "qps") =>
    Object.values(catalogOf(locale)).flatMap((area) =>
      Object.values(area as Record<string, string>).filter((text) => text.length >= 12 && !text.includes("{") && !english.has(text)),
    );

  it("carries no message of the Spanish or the pseudo-locale catalog in any client file", () => {
    const spanish = messages("es");
    expect(spanish.length).toBeGreaterThan(100);
    const found = [...spanish, ...messages("qps")].filter((text) => built.some((source) => source.includes(text)));
    expect(found).toEqual([]);
  });
});
