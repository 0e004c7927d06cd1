// The 'Utilisateurs' tab's forms, one branch per `intent`.
import { PROFILE_LANGUAGES, ROLES } from "#app/utils/constants";
import { emailField, idField, PHONE_PATTERN, requiredText } from "#app/utils/forms/fields";
import { MAX_NAME, MAX_PHONE } from "#app/utils/forms/limits";
import { type Infer, z } from "#app/utils/zod";

import { MAX_PASSWORD, REGISTER_PASSWORD_MIN } from "./account-forms";

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

const UserCreateSchema = z.object({
  intent: z.enum(["create-client", "create-gestionnaire"]),
  firstName: required(MAX_NAME),
  lastName: required(MAX_NAME),
  email,
  password,
});

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

export const UserActionSchema = z.discriminatedUnion("intent", [
  UserCreateSchema,
  UserEditSchema,
  UserPasswordSchema,
  UserDeleteSchema,
]);

export type UserAction = Infer<typeof UserActionSchema>;
export type UserIntent = UserAction["intent"];
