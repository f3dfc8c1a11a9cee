import { z } from "zod";

import { storableText } from "~/domain/text-fields";

import { MIN_PASSWORD_LENGTH } from "./password-policy";

/** The local sign-in form; shared by the form's client-side checks and the server. */
export const signInSchema = z.object({
  email: z
    .string({ required_error: "Email is required", invalid_type_error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Invalid email or password.")
    .email("Enter a valid email address"),
  password: z
    .string({ required_error: "Password is required", invalid_type_error: "Password is required" })
    .min(1, "Password is required")
    .max(1024, "Invalid email or password."),
});

/** A new local account's password, wherever one is set: first-run setup and an invitation's "Set up your account" (ADR 0040). */
export const newPassword = z
  .string({ required_error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, "Password is too long");

const firstAdminFields = z.object({
  firstName: storableText(z.string().trim().min(1, "First name is required").max(100, "First name is too long"), "The first name"),
  lastName: storableText(z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"), "The last name"),
  email: signInSchema.shape.email,
  password: newPassword,
  confirmPassword: z.string({ required_error: "Confirm the password" }),
});
const PASSWORDS_DIFFER = { message: "Passwords do not match", path: ["confirmPassword"] };
const passwordsMatch = (input: { password: string; confirmPassword: string }) => input.password === input.confirmPassword;

/** First-run setup of a deployment that uses the built-in sign-in: its first admin account. */
export type FirstAdminInput = z.infer<typeof firstAdminFields>;

/** What /login posts: a sign-in, or on a deployment with no account yet, the first admin. */
const returnTo = z.string().max(2048).optional();
export const loginActionSchema = z
  .discriminatedUnion("intent", [
    signInSchema.extend({ intent: z.literal("sign-in"), returnTo }),
    firstAdminFields.extend({ intent: z.literal("setup"), returnTo }),
  ])
  .refine((input) => input.intent !== "setup" || passwordsMatch(input), PASSWORDS_DIFFER);

/** POST /login signs in from its form only (the password check reads the form post itself). */
export const SIGN_IN_NEEDS_FORM = "Sign in with the sign-in form.";

export const LOGIN_MESSAGES = {
  intents: {
    "sign-in": { success: null, failure: "Signing in failed. Please try again.", failureTitle: "Error" },
    setup: { success: null, failure: "Creating the admin account failed. Please try again.", failureTitle: "Error" },
  },
};
