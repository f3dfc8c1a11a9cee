/**
 * What the demo seed writes (models/seed.server.ts writes it): two modules and four grade 6
 * mathematics competencies with prerequisites; the demo test's 40 questions are in
 * seed-questions.ts. Plain data: seed-content.test.ts checks the promises.
 */

type DemoModuleKey = "numberSense" | "algebra";
export type DemoCompetencyKey = "placeValue" | "fractions" | "variables" | "equations";
/** The demo test's two sections. */
export type DemoSectionKey = "numbers" | "algebra";

export const DEMO_MODULES: { key: DemoModuleKey; name: string }[] = [
  { key: "numberSense", name: "Number Sense" },
  { key: "algebra", name: "Algebra Foundations" },
];

export const DEMO_COMPETENCIES: { key: DemoCompetencyKey; description: string; module: DemoModuleKey; section: DemoSectionKey }[] = [
  { key: "placeValue", description: "Understands place value", module: "numberSense", section: "numbers" },
  { key: "fractions", description: "Recognizes equivalent fractions", module: "numberSense", section: "numbers" },
  { key: "variables", description: "Interprets variables in expressions", module: "algebra", section: "algebra" },
  { key: "equations", description: "Solves one-step linear equations", module: "algebra", section: "algebra" },
];

/** `competency` builds on `prerequisite`: place value → fractions, place value → variables → equations. */
export const DEMO_PREREQUISITES: { competency: DemoCompetencyKey; prerequisite: DemoCompetencyKey }[] = [
  { competency: "fractions", prerequisite: "placeValue" },
  { competency: "variables", prerequisite: "placeValue" },
  { competency: "equations", prerequisite: "variables" },
];
