import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import tseslint from "typescript-eslint";

const WORKERS = {
  group: ["**/workers", "**/workers/**"],
  message: "app/ must not import from workers/: put the shared type or rule in app/ (see app/env.ts).",
};
const USE_CASES = {
  group: ["~/features/**/*.server"],
  message: "Only routes call a capability's use-cases (app/features/*/use-cases.server.ts, ADR 0038); the layers below them never import them.",
};
const FEATURES = {
  group: ["~/features/**"],
  message: "app/domain and app/lib sit under the capabilities (app/features, ADR 0038): they never import one.",
};
const IO = ["~/models/**", "~/services/**", "~/routes/**", "~/db/**", "~/components/**", "@remix-run/*", "drizzle-orm", "drizzle-orm/*"];

/** What each folder of app/ may not import, and why. Tests beside the code may use fixtures from any layer. */
function layerRules() {
  const layer = (files, patterns) => ({
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [WORKERS, ...patterns] }] },
  });
  return [
    layer(["app/**"], []),
    layer(
      ["app/domain/**"],
      [{ group: IO, message: "app/domain is pure rules: no I/O, no framework. Pass the data in; let a model or service do the reading." }, FEATURES],
    ),
    layer(
      ["app/components/**"],
      [{ group: ["~/models/**", "~/db/**"], message: "Components get their data from the route's loader; they never read the database." }, USE_CASES],
    ),
    layer(
      ["app/lib/**"],
      [
        {
          group: ["~/domain/**", "~/models/**", "~/services/**", "~/routes/**", "~/db/**", "~/components/**", "~/features/**"],
          message: "app/lib holds generic helpers that know nothing of the product.",
        },
      ],
    ),
    layer(["app/models/**", "app/services/**"], [USE_CASES]),
    // A capability's pure rules are app/domain's kind of file (its store may read them); its use-cases (*.server.ts) call the store (ADR 0038).
    layer(
      ["app/features/**"],
      [{ group: IO, message: "A capability's rules are pure: no I/O, no framework. The use-cases (use-cases.server.ts) do the reading." }],
    ),
    layer(
      ["app/features/**/*.server.ts"],
      [{ group: ["~/routes/**", "~/components/**"], message: "A use-case is called by routes; it never imports a route or a component." }],
    ),
  ];
}

export default tseslint.config(
  { ignores: ["build/", "public/build/", "dist/", ".wrangler/", "node_modules/", "test-results/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "simple-import-sort": simpleImportSort },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
      // One import order, fixed by `npm run format`: packages, then ~/ (the app), then relative files.
      "simple-import-sort/imports": "error",
    },
  },
  // The layers (CONTRIBUTING.md): each folder may import only from the layers under it.
  // A later block for the same files replaces an earlier block's no-restricted-imports, so each
  // folder's block repeats the rule every folder shares (app/ never imports workers/).
  ...layerRules(),
  {
    // Type-aware rules: a promise nobody awaits loses its failure; a switch over a union names every member.
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Scripts and tests report progress on the console.
    files: ["scripts/**", "tests/**"],
    rules: { "no-console": "off" },
  },
);
