import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { buttonClassName } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";
import type { CancellationQuote, CancelledMoneyKind } from "#app/orders/cancellation-fees";
import { formatOrderAmount } from "#app/utils/format";
import { orderCancelPath, orderPagePath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { useNumberLocale } from "#app/utils/use-language";

/** What the order page knows of a cancellation by the customer (docs/decisions/033-customer-cancellation.md). */
export type CustomerCancellationView = {
  cancelled: { kind: CancelledMoneyKind; feeCents: number; refundCents: number } | null;
  /** The terms' figures at the moment the page was read, when the order may still be cancelled. */
  quote: Extract<CancellationQuote, { cancellable: true }> | null;
  step: boolean;
  /** Paid by bank transfer: staff refund by transfer, not the card. */
  paidOffline: boolean;
  terms: { days: number; hours: number };
};

export function CustomerCancellation({
  orderId,
  linkKey,
  view,
}: {
  orderId: string;
  linkKey: string | null;
  view: CustomerCancellationView;
}) {
  const { t } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  const cancelling = useIsPending({ intent: "cancel" });
  const title = useRef<HTMLHeadingElement>(null);
  // The link that opened the step is gone: focus moves to the step's title, so a screen reader reads it next.
  useEffect(() => {
    if (view.step) title.current?.focus();
  }, [view.step]);
  const amount = (cents: number) => formatOrderAmount(cents, numberLocale);
  if (view.cancelled) {
    // The fee only: the money's line, refunded or still to refund, is the payment block's.
    const { kind: money, feeCents } = view.cancelled;
    if (money === "nothingCharged") return null;
    return (
      <div data-testid="order-cancellation" className="mt-4 space-y-1 text-navy-700">
        <p>{t("order.cancelled.money.fee", { amount: amount(feeCents) })}</p>
      </div>
    );
  }
  const { quote } = view;
  if (!quote) return null;
  if (!view.step) {
    return (
      <p className="mt-6">
        <Link
          to={`${orderCancelPath(orderId, linkKey)}#cancel-booking`}
          className={buttonClassName("secondary", "md")}
          data-testid="open-cancellation"
        >
          {t("order.cancel.open")}
        </Link>
      </p>
    );
  }
  const { days, hours } = view.terms;
  return (
    <section
      id="cancel-booking"
      aria-labelledby="cancel-booking-title"
      className="mt-8 rounded-2xl bg-red-50 p-6 ring-1 ring-red-200"
      data-testid="cancel-step"
    >
      <h2 id="cancel-booking-title" ref={title} tabIndex={-1} className="text-xl font-bold">
        {t("order.cancel.title")}
      </h2>
      {quote.charged ? (
        <>
          {/* The terms' bracket speaks of money kept: only where money was taken. */}
          <p className="mt-2">
            {t(`order.cancel.bracket.${quote.bracket}`, { days, hours, percent: quote.feePercent })}
          </p>
          <dl className="mt-4 grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-navy-600">{t("order.cancel.fee")}</dt>
              <dd className="text-lg font-bold" data-testid="cancel-fee">
                {amount(quote.feeCents)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-navy-600">{t("order.cancel.refund")}</dt>
              <dd className="text-lg font-bold" data-testid="cancel-refund">
                {amount(quote.refundCents)}
              </dd>
            </div>
          </dl>
          {quote.refundCents > 0 ? (
            <p className="mt-2 text-sm">
              {t(view.paidOffline ? "order.cancel.refundTransfer" : "order.cancel.refundCard")}
            </p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 font-semibold" data-testid="cancel-not-charged">
          {t("order.cancel.notCharged")}
        </p>
      )}
      <p className="mt-2 text-sm">
        {t("order.cancel.intro")}{" "}
        <Link to="/terms" className="underline">
          {t("order.cancel.terms")}
        </Link>
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="feeCents" value={quote.feeCents} />
        <input type="hidden" name="refundCents" value={quote.refundCents} />
        <SubmitButton
          name="intent"
          value="cancel"
          pending={cancelling}
          label={t("order.cancel.confirm")}
          pendingLabel={t("order.cancel.confirming")}
          className={`inline-flex items-center gap-2 ${buttonClassName("danger", "lg", { ring: true, whenDisabled: "busy" })}`}
        />
        <Link to={orderPagePath(orderId, linkKey)} className="font-semibold underline">
          {t("order.cancel.keep")}
        </Link>
      </Form>
    </section>
  );
}
