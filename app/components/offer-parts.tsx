import { Form } from "@remix-run/react";

import { FormField, inputClass, SubmitButton } from "#app/components/ui/form-field";
import { MAX_MESSAGE_LENGTH } from "#app/orders/offer-forms";
import type { OfferView } from "#app/orders/offer-view";
import { carrierText } from "#app/utils/operating-carrier";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export function OfferDetails({ offer }: { offer: OfferView }) {
  const { t, language } = useTranslation("offers");
  const { t: tc } = useTranslation("catalogue");
  const rows: Array<[string, string]> = [
    [t("fields.route"), offer.route],
    [t("fields.departure"), offer.departure],
    [t("fields.aircraft"), t("aircraftSeats", { aircraft: offer.aircraft, count: offer.seats })],
    [t("fields.carrier"), carrierText(offer.carrier, tc, language)],
    [t("fields.price"), offer.price],
    [t("fields.included"), offer.included],
    [t("fields.expires"), offer.expires],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="whitespace-pre-line">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export type ThreadMessage = { id: number; author: "customer" | "staff"; body: string; at: string };

/** The request's thread: what the customer and staff wrote, oldest first, and the form to write more. */
export function OfferThread({
  messages,
  as,
  errors,
}: {
  messages: ThreadMessage[];
  as: "customer" | "staff";
  errors?: string[];
}) {
  const { t } = useTranslation("offers");
  const pending = useIsPending({ intent: "message" });
  return (
    <section aria-labelledby="thread-heading" className="mt-10">
      <h2 id="thread-heading" className="text-xl font-bold">
        {t("thread.heading")}
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-navy-700">{t("thread.empty")}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-xl p-4 ${message.author === as ? "bg-navy-50" : "bg-white ring-1 ring-navy-100"}`}
            >
              <p className="text-sm font-semibold">
                {t(`thread.author.${message.author === as ? "self" : message.author}`)} · {message.at}
              </p>
              <p className="mt-1 whitespace-pre-line">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="message" />
        <FormField
          id="thread-body"
          label={t("thread.label")}
          errorId="thread-body-error"
          errors={errors}
          namespace="offers"
        >
          <textarea
            id="thread-body"
            name="body"
            required
            maxLength={MAX_MESSAGE_LENGTH}
            rows={3}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? "thread-body-error" : undefined}
            className={inputClass}
          />
        </FormField>
        <SubmitButton variant="primary" pending={pending} label={t("thread.send")} pendingLabel={t("thread.sending")} />
      </Form>
    </section>
  );
}
