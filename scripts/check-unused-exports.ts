/**
 * Part of `npm run lint`: every export in app/ and workers/ is imported somewhere (app, workers,
 * scripts or tests), or it should not be exported. Remix route modules' framework exports and the
 * Worker's entry points are used by the framework and the runtime, not by an import.
 *
 *   tsx scripts/check-unused-exports.ts        (exit 1 and a list when one is found)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const SOURCE_ROOTS = ["app", "workers", "scripts", "tests"];
const CHECKED_ROOTS = ["app", "workers"];
/** What Remix reads from a route module, the root and the entry files by name. */
const FRAMEWORK_EXPORTS = new Set([
  "default",
  "loader",
  "action",
  "meta",
  "links",
  "headers",
  "handle",
  "ErrorBoundary",
  "shouldRevalidate",
  "HydrateFallback",
  "clientLoader",
  "clientAction",
  "Layout",
]);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base.replace(/\.js$/, ".ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const files = SOURCE_ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
/** file → names imported from it by other files ("*" for all). */
const used = new Map<string, Set<string>>();
const markUsed = (file: string, name: string) => {
  if (!used.has(file)) used.set(file, new Set());
  used.get(file)!.add(name);
};
/** file → its exported names and where each is declared. */
const exported = new Map<string, { name: string; line: number }[]>();

for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names: { name: string; line: number }[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      if (!target) continue;
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        if (!clause) continue;
        if (clause.name) markUsed(target, "default");
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) markUsed(target, "*");
        if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) markUsed(target, (element.propertyName ?? element.name).text);
      } else {
        const clause = statement.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) markUsed(target, "*");
        else for (const element of clause.elements) markUsed(target, (element.propertyName ?? element.name).text);
      }
      continue;
    }
    // `import("~/x")` types and dynamic imports count as using everything.
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined;
    if (!modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const isDefault = modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
    if (isDefault) names.push({ name: "default", line: lineOf(statement) });
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push({ name: declaration.name.text, line: lineOf(declaration) });
        else if (ts.isObjectBindingPattern(declaration.name)) {
          for (const element of declaration.name.elements) if (ts.isIdentifier(element.name)) names.push({ name: element.name.text, line: lineOf(element) });
        }
      }
    } else if ("name" in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) {
      names.push({ name: (statement.name as ts.Identifier).text, line: lineOf(statement) });
    }
  }
  const text = source.getFullText();
  for (const match of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) {
    const target = resolveModule(file, match[1]!);
    if (target) markUsed(target, "*");
  }
  exported.set(file, names);
}

const isFrameworkModule = (file: string) => {
  const path = relative(root, file);
  return path.startsWith("app/routes/") || /^app\/(root|entry\.client|entry\.server)\.tsx$/.test(path) || path === "workers/app.ts";
};

const unused: string[] = [];
for (const [file, names] of exported) {
  const path = relative(root, file);
  if (!CHECKED_ROOTS.some((dir) => path.startsWith(`${dir}/`)) || /\.test\.tsx?$/.test(path)) continue;
  const imported = used.get(file) ?? new Set<string>();
  if (imported.has("*")) continue;
  for (const { name, line } of names) {
    if (imported.has(name)) continue;
    if (isFrameworkModule(file) && FRAMEWORK_EXPORTS.has(name)) continue;
    unused.push(`${path}:${line}  ${name}`);
  }
}

if (unused.length > 0) {
  console.error(`Exported but imported nowhere (drop the export, or the code):\n${unused.map((line) => `  ${line}`).join("\n")}`);
  process.exit(1);
}
console.log(`unused exports: none (${[...exported.values()].reduce((sum, names) => sum + names.length, 0)} exports checked)`);
