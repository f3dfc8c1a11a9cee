import { z } from "zod";

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
export type SignInInput = z.infer<typeof signInSchema>;

/** First-run setup of a deployment that uses the built-in sign-in: its first admin account. */
export const firstAdminSchema = z
  .object({
    firstName: z.string().trim().min(1, "First name is required").max(100, "First name is too long"),
    lastName: z.string().trim().min(1, "Last name is required").max(100, "Last name is too long"),
    email: signInSchema.shape.email,
    password: z
      .string({ required_error: "Password is required" })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(1024, "Password is too long"),
    confirmPassword: z.string({ required_error: "Confirm the password" }),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type FirstAdminInput = z.infer<typeof firstAdminSchema>;
