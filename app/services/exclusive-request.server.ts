import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import type { ProfileLanguage } from "#app/utils/constants";
import { createExclusiveRequest } from "#app/models/requests.server";
import { sendMail } from "#app/services/mail.server";
import type { ExclusiveRequestInput } from "#app/utils/forms/requests";

export type ExclusiveRequestOutcome = "sent" | "duplicate" | "staff-mail-failed" | "customer-mail-failed";

/**
 * DECISIONS.md D5: the request is stored first (nothing is lost), then the staff
 * mail, then the customer's confirmation in their language. A failed delivery stops
 * there with the spec's message; the outbox keeps the mail and the cron retries it.
 * The same form sent twice (same idempotency key) stores and mails nothing more.
 */
export async function submitExclusiveRequest(
  context: AppLoadContext,
  { flight, input, language }: { flight: ExclusiveFlight; input: ExclusiveRequestInput; language: ProfileLanguage },
): Promise<ExclusiveRequestOutcome> {
  const stored = await createExclusiveRequest(context.db, { ...input, exclusiveFlightId: flight.id, language });
  if (!stored.created) return "duplicate";

  const { idempotencyKey: _key, message = "", ...contact } = input;
  const data = { requestId: stored.id!, flight, customer: { ...contact, message }, language };
  const staff = await sendMail(context, {
    to: context.env.STAFF_EMAIL,
    // Staff read French, the company's language.
    locale: "fr",
    template: "catalogue/exclusive-request-staff",
    data,
  });
  if (staff.status === "failed") return "staff-mail-failed";

  const customer = await sendMail(context, {
    to: input.email,
    locale: language,
    template: "catalogue/exclusive-request-customer",
    data,
  });
  return customer.status === "failed" ? "customer-mail-failed" : "sent";
}
