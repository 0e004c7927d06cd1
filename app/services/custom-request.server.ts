import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ProfileLanguage } from "#app/utils/constants";
import { createCustomRequest } from "#app/models/requests.server";
import { sendMail } from "#app/services/mail.server";
import type { CustomRequestInput } from "#app/utils/forms/requests";

export type CustomRequestOutcome = "sent" | "duplicate" | "mail-failed";

/**
 * Stores a made-to-measure request (DECISIONS.md D1: real, not simulated), then
 * mails staff and the customer. A failed delivery stays in the outbox for the cron.
 */
export async function submitCustomRequest(
  context: AppLoadContext,
  { input, language }: { input: CustomRequestInput; language: ProfileLanguage },
): Promise<CustomRequestOutcome> {
  const stored = await createCustomRequest(context.db, { ...input, language });
  if (!stored.created) return "duplicate";
  const { idempotencyKey: _key, ...request } = input;
  const data = { requestId: stored.id!, request, language };
  const staff = await sendMail(context, { to: context.env.STAFF_EMAIL, locale: "fr", template: "catalogue/custom-request-staff", data });
  if (staff.status === "failed") return "mail-failed";
  const customer = await sendMail(context, { to: input.email, locale: language, template: "catalogue/custom-request-customer", data });
  return customer.status === "failed" ? "mail-failed" : "sent";
}
