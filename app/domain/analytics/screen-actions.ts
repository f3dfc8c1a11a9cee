import { z } from "zod";

/** The Cohort Analytics screen's one intent, with the product's failure text. */
export const analyticsActionSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("generateDemo") })]);

export const DEMO_DATA_FAILED = "staffToasts.demoDataFailed";

export const ANALYTICS_MESSAGES = {
  intents: { generateDemo: { success: null, failure: DEMO_DATA_FAILED } },
};

/** The toast once the demo class has taken its test, whichever way it was generated. */
export const demoGeneratedToast = (demo: { cohort: { name: string }; test: { title: string }; students: number }) => ({
  title: "staffToasts.demoGeneratedTitle",
  description: "staffToasts.demoGeneratedDescription",
  values: { cohort: demo.cohort.name, students: demo.students, test: demo.test.title },
});
