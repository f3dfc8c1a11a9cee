import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The WCAG 2.x A and AA rule sets, 2.2's included (its `target-size` rule checks 24 px targets). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Impact = "minor" | "moderate" | "serious" | "critical";

/** One rule axe found broken on the page, with the elements that break it. */
export type AccessibilityViolation = { rule: string; impact: Impact; targets: string[] };

export type AccessibilityAudit = {
  violations: AccessibilityViolation[];
  /** Every rule that applied to the page or was checked on it: proof that a rule ran at all. */
  rulesRun: string[];
};

/**
 * Runs axe-core in the page (WCAG 2.x A and AA rules) and answers every violation with its
 * impact. It is evaluated through the DevTools protocol, so the page's Content-Security-Policy
 * is not weakened for it.
 */
export async function auditAccessibility(page: Page): Promise<AccessibilityAudit> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Result = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<Record<"violations" | "passes" | "incomplete", Result[]>> } }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return {
      violations: results.violations.map((violation) => ({
        rule: violation.id,
        impact: (violation.impact ?? "minor") as Impact,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      })),
      rulesRun: [...results.violations, ...results.passes, ...results.incomplete].map((result) => result.id),
    };
  }, WCAG_TAGS);
}

/** The serious and critical violations as "rule: target" lines: what fails a test. */
export function seriousOnes(violations: AccessibilityViolation[]): string[] {
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.targets.map((target) => `${violation.rule}: ${target}`));
}

/** Runs axe-core in the page and lists the serious and critical violations as "rule: target" lines. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  return seriousOnes((await auditAccessibility(page)).violations);
}
