import type { AppLoadContext } from "@remix-run/cloudflare";

import { sendMail } from "#app/mail/mail.server";
import type { ProfileLanguage } from "#app/utils/constants";

import type { CustomRequestInput } from "./request-forms";
import { createCustomRequest } from "./requests.queries.server";
import { type RequestOutcome, submitRequest } from "./submit-request.server";

export function submitCustomRequest(
  context: AppLoadContext,
  { input, language, ip }: { input: CustomRequestInput; language: ProfileLanguage; ip: string },
): Promise<RequestOutcome> {
  const { idempotencyKey: _key, ...request } = input;
  const data = (requestId: string) => ({ requestId, request, language });
  return submitRequest(context, {
    form: "customRequest",
    ip,
    store: () => createCustomRequest(context.db, { ...input, language }),
    mailStaff: (requestId) =>
      sendMail(context, {
        to: context.env.STAFF_EMAIL,
        locale: "fr",
        template: "catalogue/custom-request-staff",
        data: data(requestId),
      }),
    mailCustomer: (requestId) =>
      sendMail(context, {
        to: input.email,
        locale: language,
        template: "catalogue/custom-request-customer",
        data: data(requestId),
      }),
  });
}
