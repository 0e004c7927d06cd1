/**
 * Form schemas of the account screens, shared by the server and the browser.
 * Messages are keys of the `auth` namespace (`validation.*`), translated where shown.
 * Every field has a length cap so 10,000 characters get a message, never a 500.
 */
import { z } from "#app/utils/zod";
import { PROFILE_LANGUAGES } from "#app/utils/constants";
import { emailField, MAX_NAME, MAX_PHONE, PHONE_PATTERN, requiredText as requiredTextOf } from "./fields";

export { MAX_EMAIL, MAX_NAME, MAX_PHONE } from "./fields";
export const MAX_PASSWORD = 128;
export const REGISTER_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;

const TOO_LONG = "validation.tooLong";
const requiredText = (required: string, max: number) => requiredTextOf(required, max, TOO_LONG);
const email = (required: string, invalid: string) => emailField({ required, invalid, tooLong: TOO_LONG });

export const LoginSchema = z.object({
  email: email("validation.required", "validation.emailInvalidLogin"),
  // Passwords are never trimmed: spaces are characters like any other.
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(MAX_PASSWORD, "validation.tooLong"),
  redirectTo: z.string().max(2048).optional(),
});

export const ResetRequestSchema = z.object({
  email: email("validation.required", "validation.emailInvalidLogin"),
});

export const RegisterSchema = z
  .object({
    firstName: requiredText("validation.firstNameRequired", MAX_NAME),
    lastName: requiredText("validation.lastNameRequired", MAX_NAME),
    email: email("validation.emailRequired", "validation.emailInvalid"),
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(REGISTER_PASSWORD_MIN, "validation.passwordMin8")
      .max(MAX_PASSWORD, "validation.tooLong"),
    confirmPassword: z
      .string({ error: "validation.confirmRequired" })
      .max(MAX_PASSWORD, "validation.tooLong"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsDiffer",
    // Say so even while other fields still have errors.
    when: ({ value }) => {
      const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>;
      return typeof password === "string" && typeof confirmPassword === "string";
    },
  });

export const NewPasswordSchema = z.object({
  code: z.string({ error: "validation.required" }).max(256, "validation.tooLong"),
  password: z
    .string({ error: "validation.passwordMin6" })
    .min(RESET_PASSWORD_MIN, "validation.passwordMin6")
    .max(MAX_PASSWORD, "validation.tooLong"),
});

/** Staff may also choose es (back-office.md); customers get fr, en, de. */
export function profileLanguagesFor(staff: boolean) {
  return staff ? PROFILE_LANGUAGES : (["fr", "en", "de"] as const);
}

export function ProfileSchema(staff: boolean) {
  return z.object({
    firstName: requiredText("validation.firstNameRequired", MAX_NAME),
    lastName: requiredText("validation.lastNameRequired", MAX_NAME),
    phone: z
      .string({ error: "validation.phoneInvalid" })
      .trim()
      .max(MAX_PHONE, "validation.tooLong")
      .regex(PHONE_PATTERN, "validation.phoneInvalid")
      .optional(),
    language: z.enum(profileLanguagesFor(staff), { error: "validation.languageInvalid" }),
  });
}
