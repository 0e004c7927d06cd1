/**
 * The 'Utilisateurs' tab's forms (docs/back-office.md 'Users'), shared by the server and
 * the browser: one schema, a branch per `intent`. Messages are `auth` keys, the account
 * forms' ('Ce champ est requis', 'Email invalide', 8 characters at least).
 */
import { PROFILE_LANGUAGES, ROLES } from "#app/utils/constants";
import { z, type Infer } from "#app/utils/zod";
import { MAX_PASSWORD, REGISTER_PASSWORD_MIN } from "./account-forms";
import { emailField, idField, PHONE_PATTERN, requiredText } from "#app/utils/forms/fields";
import { MAX_NAME, MAX_PHONE } from "#app/utils/forms/limits";

/** Admin-made passwords: 8 characters at least, as at sign-up. */
export const ADMIN_PASSWORD_MIN = REGISTER_PASSWORD_MIN;

const required = (max: number) => requiredText("validation.required", max, "validation.tooLong");
const email = emailField({
  required: "validation.required",
  invalid: "validation.emailInvalid",
  tooLong: "validation.tooLong",
});
const password = z
  .string({ error: "validation.passwordMin8" })
  .min(ADMIN_PASSWORD_MIN, "validation.passwordMin8")
  .max(MAX_PASSWORD, "validation.tooLong");

/** 'Nouveau client' and 'Nouveau gestionnaire': the intent says the role. */
const UserCreateSchema = z.object({
  intent: z.enum(["create-client", "create-gestionnaire"]),
  firstName: required(MAX_NAME),
  lastName: required(MAX_NAME),
  email,
  password,
});

/** The selected user's edit form. */
const UserEditSchema = z.object({
  intent: z.literal("update"),
  userId: idField,
  firstName: required(MAX_NAME),
  lastName: required(MAX_NAME),
  email,
  phone: z
    .string()
    .trim()
    .max(MAX_PHONE, "validation.tooLong")
    .regex(PHONE_PATTERN, "validation.phoneInvalid")
    .optional(),
  language: z.enum(PROFILE_LANGUAGES, { error: "validation.languageInvalid" }),
  role: z.enum(ROLES, { error: "validation.required" }),
});

const UserPasswordSchema = z.object({ intent: z.literal("password"), userId: idField, password });

const UserDeleteSchema = z.object({ intent: z.literal("delete"), userId: idField });

/** Every form of the tab, told apart by `intent`. */
export const UserActionSchema = z.discriminatedUnion("intent", [
  UserCreateSchema,
  UserEditSchema,
  UserPasswordSchema,
  UserDeleteSchema,
]);

export type UserAction = Infer<typeof UserActionSchema>;
export type UserIntent = UserAction["intent"];
