// Messages are `auth` keys (`validation.*`). Every field has a length cap so 10,000 characters get a message, never a
// 500.
import { SUPPORTED_LANGUAGES } from "#app/i18n";
import { PROFILE_LANGUAGES } from "#app/utils/constants";
import { emailField, PHONE_PATTERN, redirectToField, requiredText as requiredTextOf } from "#app/utils/forms/fields";
import { MAX_NAME, MAX_PHONE } from "#app/utils/forms/limits";
import { type Infer, z } from "#app/utils/zod";

export const MAX_PASSWORD = 128;
export const REGISTER_PASSWORD_MIN = 8;
export const RESET_PASSWORD_MIN = 6;
const MAX_CODE = 256;

const TOO_LONG = "validation.tooLong";
const requiredText = (required: string, max: number) => requiredTextOf(required, max, TOO_LONG);
const email = (required: string, invalid: string) => emailField({ required, invalid, tooLong: TOO_LONG });

export const LoginSchema = z.object({
  intent: z.literal("login"),
  email: email("validation.required", "validation.emailInvalidLogin"),
  // Passwords are never trimmed: spaces are characters like any other.
  password: z.string({ error: "validation.required" }).min(1, "validation.required").max(MAX_PASSWORD, TOO_LONG),
  redirectTo: redirectToField,
});

export const ResetRequestSchema = z.object({
  intent: z.literal("reset"),
  email: email("validation.required", "validation.emailInvalidLogin"),
});

export const passkeyResponseField = z
  .string({ error: "passkeys.errors.invalidPasskey" })
  .min(2, "passkeys.errors.invalidPasskey")
  .max(16_000, "passkeys.errors.invalidPasskey");

export const PasskeySignInSchema = z.object({
  intent: z.literal("passkey"),
  response: passkeyResponseField,
  redirectTo: redirectToField,
});

export const LoginPageSchema = z.discriminatedUnion("intent", [LoginSchema, ResetRequestSchema, PasskeySignInSchema], {
  error: "validation.required",
});

export const RegisterSchema = z
  .object({
    firstName: requiredText("validation.firstNameRequired", MAX_NAME),
    lastName: requiredText("validation.lastNameRequired", MAX_NAME),
    email: email("validation.emailRequired", "validation.emailInvalid"),
    password: z
      .string({ error: "validation.passwordRequired" })
      .min(REGISTER_PASSWORD_MIN, "validation.passwordMin8")
      .max(MAX_PASSWORD, TOO_LONG),
    confirmPassword: z.string({ error: "validation.confirmRequired" }).max(MAX_PASSWORD, TOO_LONG),
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

export type Registration = Infer<typeof RegisterSchema>;

export const NewPasswordSchema = z.object({
  code: z.string({ error: "validation.required" }).max(MAX_CODE, TOO_LONG),
  password: z
    .string({ error: "validation.passwordMin6" })
    .min(RESET_PASSWORD_MIN, "validation.passwordMin6")
    .max(MAX_PASSWORD, TOO_LONG),
});

export const LogoutSchema = z.object({ redirectTo: redirectToField });

export const LanguageSwitchSchema = z.object({ language: z.enum(SUPPORTED_LANGUAGES), redirectTo: redirectToField });

/** Staff may also choose es (its pages show English); customers get fr, en, de. */
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
      .max(MAX_PHONE, TOO_LONG)
      .regex(PHONE_PATTERN, "validation.phoneInvalid")
      .optional(),
    language: z.enum(profileLanguagesFor(staff), { error: "validation.languageInvalid" }),
  });
}

export type ProfileChanges = Infer<ReturnType<typeof ProfileSchema>>;

export const DeleteAccountSchema = z.object({
  intent: z.literal("deleteAccount"),
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, "validation.passwordRequired")
    .max(MAX_PASSWORD, TOO_LONG),
});

export function ProfilePageSchema(staff: boolean) {
  return z.discriminatedUnion(
    "intent",
    [ProfileSchema(staff).extend({ intent: z.literal("updateProfile") }), DeleteAccountSchema],
    {
      error: "validation.required",
    },
  );
}
