import { Form } from "@remix-run/react";

import { SubmitButton } from "#app/components/ui/form-field";
import type { CancelledMoneyKind } from "#app/orders/cancellation-fees";
import type { CancelReason, OrderStatus, PaymentState } from "#app/utils/constants";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { useNumberLocale } from "#app/utils/use-language";

export type OrderPaymentView = {
  status: OrderStatus;
  paymentState: PaymentState;
  cancelReason: CancelReason | null;
  /** Until when a pending order holds its seats (null once paid or settled). */
  holdExpiresAt: string | Date | null;
  payable: boolean;
  /** A cancelled order's money (`cancelledMoney`): one line for its state, refunded or still to refund. */
  money: { kind: CancelledMoneyKind; refundCents: number } | null;
};

/** The status label and the text always agree with the stored status. */
export function OrderPayment({ order }: { order: OrderPaymentView }) {
  const { t, language } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  const paying = useIsPending({ intent: "pay" });
  const holdEnd = order.holdExpiresAt ? new Date(order.holdExpiresAt) : null;
  return (
    <div className="mt-4 space-y-2">
      <p className="flex items-center gap-2">
        <span className="font-semibold">{t("order.status.label")}</span>
        <span className="rounded-full bg-navy-100 px-3 py-1 text-sm font-semibold text-navy-900">
          {order.status === "processing" ? (
            <span aria-hidden="true" className="mr-1 inline-block animate-spin motion-reduce:animate-none">
              ⟳
            </span>
          ) : null}
          <span data-testid="order-status">{t(`order.status.${order.status}`)}</span>
        </span>
      </p>
      {order.status === "cancelled" ? (
        <div data-testid="order-payment" className="space-y-1 text-navy-700">
          {/* The heading says the order is cancelled; this says by whom or why, then what became of the money. */}
          {order.cancelReason ? (
            <p className="font-semibold">{t(`order.cancelled.reason.${order.cancelReason}`)}</p>
          ) : null}
          {order.money ? (
            <p data-testid="order-money">
              {order.money.kind === "nothingCharged"
                ? t("order.cancelled.nothingCharged")
                : t(`order.cancelled.money.${order.money.kind}`, {
                    amount: formatOrderAmount(order.money.refundCents, numberLocale),
                  })}
            </p>
          ) : null}
        </div>
      ) : (
        <p data-testid="order-payment" className="text-navy-700">
          {t(`order.payment.${order.status === "pending" ? "other" : order.status}`)}
        </p>
      )}
      {order.status === "pending" && holdEnd ? (
        order.payable ? (
          <div className="mt-4 rounded-2xl bg-navy-50 p-4 ring-1 ring-navy-100">
            <p>{t("order.hold.until", { day: formatDay(holdEnd, language), time: formatTime(holdEnd) })}</p>
            <Form method="post" className="mt-3">
              <SubmitButton
                name="intent"
                value="pay"
                variant="accent"
                pending={paying}
                label={t("order.pay.submit")}
                pendingLabel={t("order.pay.submitting")}
              />
            </Form>
          </div>
        ) : (
          <p className="text-navy-700">{t("order.hold.expired")}</p>
        )
      ) : null}
    </div>
  );
}
