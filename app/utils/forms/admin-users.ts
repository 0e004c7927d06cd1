/**
 * The 'Utilisateurs' tab's forms (back-office.md section 5), shared by the server and
 * the browser. Messages are `auth` keys, the account forms' ('Ce champ est requis',
 * 'Email invalide', 8 characters at least).
 */
import { PROFILE_LANGUAGES, ROLES } from "#app/utils/constants";
import { z } from "#app/utils/zod";
import { MAX_PASSWORD, REGISTER_PASSWORD_MIN } from "./account";
import { emailField, MAX_NAME, MAX_PHONE, PHONE_PATTERN, requiredText } from "./fields";

/** Admin-made passwords: 8 characters at least (back-office.md section 9). */
export const ADMIN_PASSWORD_MIN = REGISTER_PASSWORD_MIN;

const required = (max: number) => requiredText("validation.required", max, "validation.tooLong");
const email = emailField({ required: "validation.required", invalid: "validation.emailInvalid", tooLong: "validation.tooLong" });
const password = z
  .string({ error: "validation.passwordMin8" })
  .min(ADMIN_PASSWORD_MIN, "validation.passwordMin8")
  .max(MAX_PASSWORD, "validation.tooLong");

export const UserEditSchema = z.object({
  intent: z.literal("update"),
  firstName: required(MAX_NAME),
  lastName: required(MAX_NAME),
  email,
  phone: z.string().trim().max(MAX_PHONE, "validation.tooLong").regex(PHONE_PATTERN, "validation.phoneInvalid").optional(),
  language: z.enum(PROFILE_LANGUAGES, { error: "validation.languageInvalid" }),
  role: z.enum(ROLES, { error: "validation.required" }),
});

export const UserCreateSchema = z.object({
  intent: z.enum(["create-client", "create-gestionnaire"]),
  firstName: required(MAX_NAME),
  lastName: required(MAX_NAME),
  email,
  password,
});

export const UserPasswordSchema = z.object({ intent: z.literal("password"), password });
