// A code is the app's six digits or a recovery code: the service tells them apart.
import { redirectToField } from "#app/utils/forms/fields";
import { z } from "#app/utils/zod";

import { MAX_PASSWORD } from "./account-forms";

const code = z
  .string({ error: "secondFactor.errors.codeRequired" })
  .trim()
  .min(1, "secondFactor.errors.codeRequired")
  .max(32, "secondFactor.errors.invalidCode");
const password = z
  .string({ error: "validation.passwordRequired" })
  .min(1, "validation.passwordRequired")
  .max(MAX_PASSWORD, "validation.tooLong");

export const SecondStepSchema = z.object({ code, redirectTo: redirectToField });

export const SecondFactorPageSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("enrol"), code, redirectTo: redirectToField }),
    z.object({ intent: z.literal("regenerate"), password, code }),
    z.object({ intent: z.literal("disable"), password, code }),
  ],
  { error: "secondFactor.errors.codeRequired" },
);
