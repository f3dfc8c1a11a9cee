/**
 * Part of `npm run lint`: code and docs cite what is in the repository (ADRs, docs/api.md), never
 * a file outside it or an issue number, which a newcomer cannot open. State the rule itself.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const ROOTS = ["app", "workers", "scripts", "tests", "docs", "README.md", "CONTRIBUTING.md"];
const OUTSIDE = /\b(?:SPEC\.md|DESIGN\.md|PLATFORM\.md|[Ii]ssue #?\d+)/;

function files(path: string): string[] {
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).flatMap((name) => (name === "node_modules" || name.startsWith(".") ? [] : files(join(path, name))));
}

const found = ROOTS.flatMap((entry) => files(join(root, entry)))
  .filter((path) => /\.(ts|tsx|mjs|md)$/.test(path) && !path.endsWith("check-references.ts"))
  .flatMap((path) =>
    readFileSync(path, "utf8")
      .split("\n")
      .flatMap((line, index) => (OUTSIDE.test(line) ? [`${relative(root, path)}:${index + 1}  ${line.trim().slice(0, 120)}`] : [])),
  );

if (found.length > 0) {
  console.error(`References to what is not in the repository (state the rule, or cite an ADR):\n${found.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}
console.log("references: all inside the repository");
