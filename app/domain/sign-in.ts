import { z } from "zod";

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
