import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

/**
 * The product is written in US English: what a user reads says "practicing", "recognizes", "color".
 * This looks at the text inside string literals and between JSX tags of app/ (comments and code
 * names are left alone), for the British spellings that have slipped in before.
 */
const BRITISH =
  /\b(practis(e|es|ed|ing)|recognis\w*|organis\w*|summaris\w*|prioritis\w*|customis\w*|colour\w*|behaviour\w*|favour\w*|centre\b|catalogue\b|enrolment\w*|licence\b|cancelled|labelled|whilst)/i;
/** A run of text a user may read: inside quotes or backticks, or between a JSX tag's > and the next <. */
const USER_TEXT = /"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|>[^<>{}\n]+</g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isComment = (line: string) => /^\s*(\/\/|\/?\*)/.test(line);

describe("US English", () => {
  it("has no British spelling in the text of app/", () => {
    const found = sourceFiles("app").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          isComment(line) ? [] : (line.match(USER_TEXT) ?? []).filter((text) => BRITISH.test(text)).map((text) => `${file}:${index + 1} ${text}`),
        ),
    );
    expect(found).toEqual([]);
  });
});
