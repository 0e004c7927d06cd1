/**
 * Form schemas of the account screens, shared by the server and the browser.
 * Messages are keys of the `auth` namespace (`validation.*`), translated where shown.
 * Every field has a length cap so 10,000 characters get a message, never a 500.
 */
import { z } from "#app/utils/zod";
import { PROFILE_LANGUAGES } from "#app/utils/constants";

export const MAX_EMAIL = 254;
export const MAX_NAME = 100;
export const MAX_PASSWORD = 128;
export const MAX_PHONE = 30;
export const REGISTER_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;

/** The spec's basic pattern: text, @, a domain with a dot, a suffix of 2+ letters. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
/** An optional plus, then at least 10 digits, spaces, dashes or brackets (traveller.md 5). */
const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

/** A required text: missing, empty or not text gives `required`. */
const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, "validation.tooLong");

const email = (required: string, invalid: string) =>
  requiredText(required, MAX_EMAIL).regex(EMAIL_PATTERN, invalid);

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
