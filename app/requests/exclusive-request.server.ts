import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ExclusiveFlight } from "#app/content/exclusive-flights";
import { sendMail } from "#app/mail/mail.server";
import type { ProfileLanguage } from "#app/utils/constants";

import type { ExclusiveRequestInput } from "./request-forms";
import { createExclusiveRequest } from "./requests.queries.server";
import { type RequestOutcome, submitRequest } from "./submit-request.server";

export function submitExclusiveRequest(
  context: AppLoadContext,
  {
    flight,
    input,
    language,
    ip,
  }: { flight: ExclusiveFlight; input: ExclusiveRequestInput; language: ProfileLanguage; ip: string },
): Promise<RequestOutcome> {
  const { idempotencyKey: _key, departureDate, message = "", ...contact } = input;
  const data = (requestId: string) => ({
    requestId,
    flight,
    departureDate,
    customer: { ...contact, message },
    language,
  });
  return submitRequest(context, {
    form: "exclusiveRequest",
    ip,
    store: () => createExclusiveRequest(context.db, { ...input, exclusiveFlightId: flight.id, language }),
    mailStaff: (requestId) =>
      sendMail(context, {
        to: context.env.STAFF_EMAIL,
        locale: "fr",
        template: "catalogue/exclusive-request-staff",
        data: data(requestId),
      }),
    mailCustomer: (requestId) =>
      sendMail(context, {
        to: input.email,
        locale: language,
        template: "catalogue/exclusive-request-customer",
        data: data(requestId),
      }),
  });
}
