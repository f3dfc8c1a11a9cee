import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", "dist/", ".wrangler/", "node_modules/", "test-results/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // The app is shared by the server, the browser and the Worker's parts; workers/ depends on
    // app/, never the reverse. Types shared with workers/ live in app/ (app/env.ts, app/domain).
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/workers", "**/workers/**"],
              message: "app/ must not import from workers/: put the shared type or rule in app/ (see app/env.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and tests report progress on the console.
    files: ["scripts/**", "tests/**"],
    rules: { "no-console": "off" },
  },
);
