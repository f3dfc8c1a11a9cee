import { z } from "zod";

/** The Cohort Analytics screen's one intent, with SPEC.md section 8's failure text. */
export const analyticsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("generateDemo") })]);

export const ANALYTICS_MESSAGES = {
  intents: { generateDemo: { success: null, failure: "Failed to generate demo data. Please try again." } },
};
