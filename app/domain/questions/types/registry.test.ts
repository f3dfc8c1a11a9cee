import { readdirSync, readFileSync } from "node:fs";

import { getTableConfig, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

import { questions } from "~/db/schema/tests";
import { ANSWER_CONTROLS, isOpenQuestionType, OPTION_RULES, QUESTION_TYPES } from "~/domain/questions/question-types";
import { ANSWER_REQUIRED, INTERACTION_REQUIRED, RESPONSE_REQUIRED, SELECTION_REQUIRED, SELECTIONS_REQUIRED } from "~/domain/sessions/answer-rules";

import { inferredQuestionType, missingAnswer, OFFLINE_DRAFT_TYPES, offlineDraftType, QUESTION_TYPE_HANDLERS } from ".";

/** The values of an `in (...)` list in a CHECK constraint's SQL. */
const allowedValues = (sql: string) => [...(sql.match(/ in \(([^)]*)\)/)?.[1] ?? "").matchAll(/'([^']+)'/g)].map((match) => match[1]);

const registered = Object.keys(QUESTION_TYPE_HANDLERS).sort();

/** Code that asks the registry writes no type's name in quotes. */
function expectNoTypeNames(paths: string[]) {
  for (const path of paths) {
    const source = readFileSync(path, "utf8");
    for (const type of QUESTION_TYPES) expect(source, `${path} names ${type}`).not.toContain(`"${type}"`);
  }
}

describe("the question type registry", () => {
  it("holds the handlers of every type, and no other", () => {
    expect(registered).toEqual([...QUESTION_TYPES].sort());
  });

  it("is open exactly for the types the screens list as open", () => {
    for (const type of QUESTION_TYPES) expect(QUESTION_TYPE_HANDLERS[type].kind === "open", type).toBe(isOpenQuestionType(type));
  });

  it("answers each type with a control (the light list's) that takes the type's answer form", () => {
    const takes = {
      one: ["choice", "text"],
      every: ["choice", "selection"],
      answer: ["open", "text"],
      response: ["open", "text"],
      chat: ["open", "conversation"],
    };
    for (const type of QUESTION_TYPES) {
      const handlers = QUESTION_TYPE_HANDLERS[type];
      expect([handlers.kind, handlers.answer.form], type).toEqual(takes[ANSWER_CONTROLS[type]]);
    }
  });

  it("gives no two types the same import alias", () => {
    const aliases = Object.values(QUESTION_TYPE_HANDLERS).flatMap((handlers) => handlers.importAliases);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});

describe("what an import without a type column reads", () => {
  it("is claimed by exactly one type for each shape of options", () => {
    const claims = Object.values(QUESTION_TYPE_HANDLERS).flatMap((handlers) => handlers.inferredFrom ?? []);
    expect(claims.sort()).toEqual(["no options", "one correct", "several correct"]);
  });

  it("asks of its options what the claiming type's option rule asks", () => {
    const option = (isCorrect: boolean) => ({ isCorrect });
    expect(inferredQuestionType([])).toBe("free_response");
    expect(OPTION_RULES[inferredQuestionType([])]).toBe("none");
    expect(inferredQuestionType([option(true), option(false)])).toBe("multiple_choice");
    expect(inferredQuestionType([option(false), option(false)])).toBe("multiple_choice");
    expect(OPTION_RULES[inferredQuestionType([option(true), option(false)])]).toBe("one correct");
    expect(inferredQuestionType([option(true), option(true), option(false)])).toBe("multiple_select");
    expect(OPTION_RULES[inferredQuestionType([option(true), option(true)])]).toBe("some correct");
  });

  it("comes from the registry in every importer: none names a type itself", () => {
    const folder = "app/domain/ai/import";
    const importers = readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    expect(importers).toEqual(expect.arrayContaining(["aiken.ts", "csv.ts", "gift.ts", "numbered.ts"]));
    expectNoTypeNames(importers.map((name) => `${folder}/${name}`));
  });
});

describe("what the offline generator drafts", () => {
  it("is one type for each draft, and the generator names no type itself", () => {
    const drafts = Object.values(QUESTION_TYPE_HANDLERS).flatMap((handlers) => handlers.offlineDraft ?? []);
    expect(drafts.sort()).toEqual(["cloze", "explain"]);
    expect(OFFLINE_DRAFT_TYPES).toEqual([offlineDraftType("cloze"), offlineDraftType("explain")]);
    expectNoTypeNames(["app/domain/ai/offline-generator.ts", "app/domain/ai/offline-generator-split.ts", "app/services/ai/offline-provider.server.ts"]);
  });
});

describe("the option rules the bank's form reads in the browser", () => {
  it("give options to exactly the choice types", () => {
    for (const type of QUESTION_TYPES) expect(OPTION_RULES[type] === "none", type).toBe(QUESTION_TYPE_HANDLERS[type].kind === "open");
  });
});

describe("the questions table's CHECK constraint", () => {
  it("in the drizzle schema allows exactly the registered types", () => {
    const check = getTableConfig(questions).checks.find((constraint) => constraint.name === "questions_type_check");
    expect(allowedValues(new SQLiteSyncDialect().sqlToQuery(check!.value).sql).sort()).toEqual(registered);
  });

  it("in the last migration that sets it allows exactly the registered types", () => {
    const constraint = /"questions_type_check" CHECK\((.*)\)/;
    const migrations = readdirSync("migrations")
      .filter((name) => name.endsWith(".sql"))
      .sort()
      .map((name) => readFileSync(`migrations/${name}`, "utf8"))
      .filter((sql) => constraint.test(sql));
    expect(allowedValues(migrations.at(-1)!.match(constraint)![1]!).sort()).toEqual(registered);
  });
});

describe("missingAnswer", () => {
  it("names each type's message when nothing is given, and nothing once it is", () => {
    expect(missingAnswer("multiple_choice", [], 0)).toBe(SELECTION_REQUIRED);
    expect(missingAnswer("multiple_select", [], 0)).toBe(SELECTIONS_REQUIRED);
    expect(missingAnswer("free_response", ["   "], 0)).toBe(ANSWER_REQUIRED);
    expect(missingAnswer("scenario", [""], 0)).toBe(RESPONSE_REQUIRED);
    expect(missingAnswer("chat", [], 0)).toBe(INTERACTION_REQUIRED);
    expect(missingAnswer("multiple_select", ["2/4"], 0)).toBeNull();
    expect(missingAnswer("free_response", ["x = 14"], 0)).toBeNull();
    expect(missingAnswer("chat", [], 1)).toBeNull();
  });
});
