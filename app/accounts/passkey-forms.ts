import { idField, redirectToField, requiredText } from "#app/utils/forms/fields";
import { z } from "#app/utils/zod";

import { MAX_PASSWORD, passkeyResponseField } from "./account-forms";

export const MAX_PASSKEY_NAME = 60;

const name = requiredText("passkeys.errors.nameRequired", MAX_PASSKEY_NAME, "validation.tooLong");
const password = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(MAX_PASSWORD, "validation.tooLong");

export const PasskeysPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), name, response: passkeyResponseField, redirectTo: redirectToField }),
    z.object({ intent: z.literal("remove"), id: idField, password }),
    z.object({ intent: z.literal("removeWithPasskey"), id: idField, response: passkeyResponseField }),
    z.object({ intent: z.literal("confirm"), response: passkeyResponseField, redirectTo: redirectToField }),
  ],
  { error: "validation.required" },
);

export const RegistrationOptionsSchema = z.object({ password });

export const PASSKEY_REFUSAL_STATUS = {
  expired: 400,
  invalidPasskey: 400,
  unknownPasskey: 401,
  counterBackwards: 401,
  userVerificationRequired: 403,
  verifyFirst: 403,
  verifyFirstToRemove: 403,
  wrongPassword: 400,
  samePasskey: 400,
  notFound: 404,
  alreadyRegistered: 409,
  rateLimited: 429,
  tooManyChallenges: 429,
} as const;
