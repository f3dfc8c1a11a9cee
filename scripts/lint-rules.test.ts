import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layers hold because lint says so: source text that crosses a layer, linted as if it were a
 * file in that folder, gets the layer's error; text that stays in its layer gets none.
 */
const eslint = new ESLint({
  cwd: new URL("..", import.meta.url).pathname,
  // The fixtures are not files on disk, so the type-aware rules (which need the file in the
  // TypeScript project) are off for them; the layer rules are the project's own.
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/switch-exhaustiveness-check": "off" },
  },
});

// ESLint loads its plugins and the config on the first file it lints: seconds on a busy machine, paid once here, not by the first case.
beforeAll(async () => {
  await eslint.lintText("export const warm = 1;\n", { filePath: "app/lib/warm-fixture.ts" });
}, 60_000);

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = typeof imported;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("lint enforces the layers", () => {
  it.each([
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "~/models/sessions.server";', "app/domain is pure rules"],
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "~/services/auth.server";', "app/domain is pure rules"],
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "@remix-run/cloudflare";', "app/domain is pure rules"],
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "drizzle-orm";', "app/domain is pure rules"],
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "~/components/dialog";', "app/domain is pure rules"],
    ["app/components/fixture.tsx", 'import { imported } from "~/models/users.server";', "Components get their data"],
    ["app/lib/fixture.ts", 'import { imported } from "~/domain/paging";', "app/lib holds generic helpers"],
    ["app/services/fixture.server.ts", 'import { imported } from "../../workers/test-session";', "app/ must not import from workers/"],
    ["app/features/students/fixture.ts", 'import { imported } from "~/models/students.server";', "A capability's rules are pure"],
    ["app/features/students/fixture.ts", 'import { imported } from "drizzle-orm";', "A capability's rules are pure"],
    ["app/features/students/fixture.server.ts", 'import { imported } from "~/routes/api.students";', "A use-case is called by routes"],
    ["app/models/fixture.server.ts", 'import { imported } from "~/features/students/use-cases.server";', "Only routes call a capability's use-cases"],
    ["app/services/fixture.server.ts", 'import { imported } from "~/features/students/use-cases.server";', "Only routes call a capability's use-cases"],
    ["app/components/fixture.tsx", 'import { imported } from "~/features/students/use-cases.server";', "Only routes call a capability's use-cases"],
    [
      "app/domain/sessions/paging-fixture.ts",
      'import { imported } from "~/features/students/oneroster-plan";',
      "app/domain and app/lib sit under the capabilities",
    ],
  ])("%s may not: %s", async (filePath, code, message) => {
    const errors = await layerErrors(filePath, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ["app/domain/sessions/paging-fixture.ts", 'import { imported } from "~/domain/paging";'],
    ["app/components/fixture.tsx", 'import { imported } from "~/domain/paging";'],
    ["app/services/fixture.server.ts", 'import { imported } from "~/models/users.server";'],
    ["app/lib/fixture.ts", 'import { imported } from "./errors";'],
    ["app/features/students/fixture.ts", 'import { imported } from "~/domain/students/oneroster";'],
    ["app/features/students/fixture.server.ts", 'import { imported } from "~/models/students.server";'],
    ["app/routes/fixture.ts", 'import { imported } from "~/features/students/use-cases.server";'],
    ["app/models/fixture.server.ts", 'import { imported } from "~/features/students/oneroster-plan";'],
  ])("%s may: %s", async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

describe("lint enforces one import order", () => {
  const orderErrors = async (code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport const used = [a, b, c];\n`, { filePath: "app/services/fixture.server.ts" });
    return (result?.messages ?? []).filter((message) => message.ruleId === "simple-import-sort/imports");
  };

  it("refuses the app's imports before a package's, and relative files before the app's", async () => {
    expect(await orderErrors('import { a } from "~/domain/paging";\nimport { b } from "zod";\nimport { c } from "./errors";')).toHaveLength(1);
    expect(await orderErrors('import { b } from "zod";\nimport { c } from "./errors";\nimport { a } from "~/domain/paging";')).toHaveLength(1);
  });

  it("accepts packages, then ~/, then relative files, each group sorted", async () => {
    expect(await orderErrors('import { b } from "zod";\n\nimport { a } from "~/domain/paging";\n\nimport { c } from "./errors";')).toEqual([]);
  });
});
