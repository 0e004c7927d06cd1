import { Form, Link, useLocation } from "@remix-run/react";

import { ManifestBadge } from "#app/components/admin/manifest-badge";
import { Button, buttonClassName } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/form-field";
import type { ManifestState } from "#app/orders/manifest-state";
import type { CancelReason, OrderStatus, PaymentState } from "#app/utils/constants";
import { orderPagePath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { OrderHistory, type OrderHistoryEntry } from "./order-history";

/** An order as the 'Commandes' tab shows it, every date already formatted (dd/MM/yyyy HH:mm, Zurich). */
export type AdminOrderCardData = {
  id: string;
  reference: string;
  flightReference: string;
  status: OrderStatus;
  paymentState: PaymentState;
  /** A pending order's hold: until when, and whether that is past (the cron has not run yet). */
  hold: { until: string; expired: boolean } | null;
  /** A processing order's 'À valider avant le …' (its card authorisation's deadline), and whether that is within 24 hours. */
  captureBefore: { text: string; soon: boolean } | null;
  amount: string;
  cancellation: { reason: CancelReason; fee: string | null; refunded: string | null } | null;
  seats: number;
  wholeAircraft: boolean;
  passengers: string[];
  customer: Record<"firstName" | "lastName" | "email" | "phone" | "address" | "zipCode" | "city" | "country", string>;
  accountLinked: boolean;
  createdAt: string;
  departure: string;
  route: string;
  airports: string;
  aircraftType: string;
  /** Null for a cancelled order. */
  manifest: ManifestState | null;
  /** The flight's manifest page, for staff who may read it. */
  manifestPath: string | null;
  history: OrderHistoryEntry[];
};

const STATUS_STYLES: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-blue-100 text-blue-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-100 text-red-900",
};

const DECIDABLE: readonly OrderStatus[] = ["pending", "processing"];

/**
 * On a pending order 'Valider' records a payment made outside the site; on a processing one it
 * captures the authorised card.
 */
export function OrderCard({ order }: { order: AdminOrderCardData }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const validating = useIsPending({ intent: "validate", field: ["orderId", order.id] });
  const refusing = useIsPending({ intent: "refuse", field: ["orderId", order.id] });
  const retrying = useIsPending({ intent: "retryRefund", field: ["orderId", order.id] });
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  return (
    <li
      data-testid="order-card"
      data-order-id={order.id}
      className="rounded-xl bg-white shadow-sm ring-1 ring-navy-100"
    >
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 p-4">
          <span className="font-mono font-semibold" data-testid="order-reference">
            {order.reference}
          </span>
          <span>{name}</span>
          <span className="text-navy-700">{order.route}</span>
          <span className="tabular-nums">{order.amount}</span>
          <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_STYLES[order.status]}`}>
            {t(`orders.status.${order.status}`)}
          </span>
          {order.paymentState === "refundFailed" ? (
            <span
              className="rounded-full bg-red-700 px-2 py-0.5 text-sm font-semibold text-white"
              data-testid="order-payment-state"
            >
              {t("orders.refundToHandle")}
            </span>
          ) : (
            <span className="text-sm text-navy-700" data-testid="order-payment-state">
              {t(`orders.paymentState.${order.paymentState}`)}
            </span>
          )}
          {order.captureBefore ? (
            <span
              data-testid="order-capture-before"
              className={`text-sm font-semibold ${order.captureBefore.soon ? "rounded bg-red-100 px-2 py-0.5 text-red-900" : "text-navy-900"}`}
            >
              {order.captureBefore.text}
              {order.captureBefore.soon ? ` (${t("orders.captureSoon")})` : null}
            </span>
          ) : null}
          {order.manifest ? <ManifestBadge state={order.manifest} /> : null}
        </summary>
        <div className="grid gap-6 border-t border-navy-100 p-4 sm:grid-cols-2">
          <section aria-label={t("orders.customer")}>
            <h3 className="font-semibold">{t("orders.customer")}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label={t("orders.fields.name")} value={name} />
              <Row label={t("orders.fields.email")} value={order.customer.email} />
              <Row label={t("orders.fields.phone")} value={order.customer.phone} />
              <Row
                label={t("orders.fields.address")}
                value={`${order.customer.address}, ${order.customer.zipCode} ${order.customer.city}, ${order.customer.country}`}
              />
              <Row
                label={t("orders.fields.account")}
                value={order.accountLinked ? t("orders.account.linked") : t("orders.account.none")}
              />
            </dl>
          </section>
          <section aria-label={t("orders.flight")}>
            <h3 className="font-semibold">{t("orders.flight")}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label={t("orders.fields.route")} value={`${order.route} (${order.airports})`} />
              <Row label={t("orders.fields.departure")} value={order.departure} />
              <Row label={t("orders.fields.aircraft")} value={order.aircraftType} />
              <Row
                label={t("orders.fields.seats")}
                value={order.wholeAircraft ? t("orders.wholeAircraft", { count: order.seats }) : String(order.seats)}
              />
              {order.passengers.length > 0 ? (
                <Row label={t("orders.fields.passengers")} value={order.passengers.join(", ")} />
              ) : null}
              <Row label={t("orders.fields.flightReference")} value={order.flightReference} />
            </dl>
            {order.manifest && order.manifestPath ? (
              <Link to={order.manifestPath} className="mt-2 inline-block text-sm font-semibold text-navy-800 underline">
                {t("manifestStaff.orderLink")}
              </Link>
            ) : null}
          </section>
          <section aria-label={t("orders.payment")}>
            <h3 className="font-semibold">{t("orders.payment")}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label={t("orders.fields.reference")} value={order.reference} />
              <Row label={t("orders.fields.ordered")} value={order.createdAt} />
              <Row label={t("orders.fields.paymentState")} value={t(`orders.paymentState.${order.paymentState}`)} />
              {order.cancellation ? (
                <>
                  <Row
                    label={t("orders.fields.cancelReason")}
                    value={t(`orders.cancelReasons.${order.cancellation.reason}`)}
                  />
                  {order.cancellation.fee ? (
                    <Row label={t("orders.fields.cancellationFee")} value={order.cancellation.fee} />
                  ) : null}
                  {order.cancellation.refunded ? (
                    <Row label={t("orders.fields.refunded")} value={order.cancellation.refunded} />
                  ) : null}
                </>
              ) : null}
              {order.hold ? (
                <Row
                  label={t("orders.fields.holdUntil")}
                  value={order.hold.expired ? t("orders.holdExpired", { date: order.hold.until }) : order.hold.until}
                />
              ) : null}
            </dl>
          </section>
          <OrderHistory entries={order.history} />
          <div className="space-y-3 sm:col-span-2">
            {DECIDABLE.includes(order.status) ? (
              <ul className="list-disc pl-5 text-sm text-navy-700" data-testid="order-decision-notes">
                <li>{t(`orders.decisionNotes.validate.${order.status}`)}</li>
                <li>{t(`orders.decisionNotes.refuse.${order.status}`)}</li>
              </ul>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <a
                href={orderPagePath(order.id)}
                target="_blank"
                rel="noopener"
                className="font-semibold text-navy-800 underline"
              >
                {t("orders.open")}
                <span className="sr-only"> {t("orders.newTab")}</span>
              </a>
              {DECIDABLE.includes(order.status) ? (
                <>
                  <Form method="post">
                    <input type="hidden" name="orderId" value={order.id} />
                    <input type="hidden" name="redirectTo" value={here} />
                    <SubmitButton
                      name="intent"
                      value="validate"
                      variant="primary"
                      pending={validating}
                      label={t("orders.validate")}
                      pendingLabel={t("orders.validating")}
                    />
                  </Form>
                  <RefuseConfirmation orderId={order.id} here={here} pending={refusing} />
                </>
              ) : null}
              {order.paymentState === "refundFailed" ? (
                <Form method="post">
                  <input type="hidden" name="orderId" value={order.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <SubmitButton
                    name="intent"
                    value="retryRefund"
                    variant="primary"
                    pending={retrying}
                    label={t("orders.retryRefund")}
                    pendingLabel={t("orders.retryingRefund")}
                  />
                </Form>
              ) : null}
            </div>
          </div>
        </div>
      </details>
    </li>
  );
}

/** 'Refuser' asks first, in a disclosure whose panel holds the one button that posts. */
function RefuseConfirmation({ orderId, here, pending }: { orderId: string; here: string; pending: boolean }) {
  const { t } = useTranslation("admin");
  const questionId = `refuse-question-${orderId}`;
  return (
    <details className="group w-full sm:w-auto" data-testid="refuse-confirmation">
      <summary
        className={`${buttonClassName("dangerOutline", "lgFlat", { ring: true })} inline-block cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        {t("orders.refuse")}
      </summary>
      <Form
        method="post"
        aria-labelledby={questionId}
        className="mt-3 space-y-3 rounded-xl border-2 border-red-200 bg-red-50 p-4"
      >
        <p id={questionId} className="font-semibold text-red-900">
          {t("orders.refuseQuestion")}
        </p>
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="redirectTo" value={here} />
        <Button
          type="submit"
          name="intent"
          value="refuse"
          disabled={pending}
          aria-busy={pending}
          variant="danger"
          size="lgFlat"
          ring
          whenDisabled="dim"
        >
          {pending ? t("orders.refusing") : t("orders.refuseConfirm")}
        </Button>
      </Form>
    </details>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-3 gap-2">
      <dt className="text-navy-700">{label}</dt>
      <dd className="col-span-2 break-words">{value}</dd>
    </div>
  );
}
