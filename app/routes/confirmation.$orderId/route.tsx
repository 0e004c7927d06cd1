import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";

import { getUser, hasPermission } from "#app/accounts/session.server";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { EARLY_CANCELLATION_DAYS, LAST_MINUTE_HOURS } from "#app/content/cancellation-terms";
import { waysForward } from "#app/flights/flight-ways.server";
import { getRequestI18n } from "#app/i18n.server";
import { cancelledMoney } from "#app/orders/cancellation-fees";
import {
  cancelOrderAsCustomer,
  type CustomerCancelOutcome,
  quoteCancellation,
} from "#app/orders/customer-cancel.server";
import { manifestSummary } from "#app/orders/manifest.server";
import { readableOrder } from "#app/orders/order-access.server";
import { OrderPageSchema } from "#app/orders/order-page-forms";
import { payNow } from "#app/orders/order-payment.server";
import { orderReference } from "#app/orders/order-reference";
import { findOrderWithFlight } from "#app/orders/orders.queries.server";
import { orderReceiptKinds } from "#app/orders/receipts.server";
import { clientKeyOf } from "#app/utils/client-key.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { operatingCarrier } from "#app/utils/operating-carrier";
import { orderCancelPath, orderPagePath } from "#app/utils/order-urls";
import { type OutcomeReason } from "#app/utils/reply.server";
import { refusal } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { CustomerCancellation } from "./customer-cancellation";
import { FlightDay } from "./flight-day";
import { ManifestBlock } from "./manifest-block";
import { OrderNextSteps } from "./next-steps";
import { orderHeadingKey, REBOOKABLE_REASONS } from "./order-outlook";
import { OrderPayment } from "./order-payment";
import { OrderDocuments, OrderSummary } from "./order-summary";

/** The answer to an order nobody may read here, the same as to one that does not exist. */
async function notFound(request: Request, context: AppLoadContext) {
  const { t } = await getRequestI18n(request, context, "catalogue");
  return refusal(t("order.notFound.title"), 404);
}

async function requireReadableOrder(request: Request, params: LoaderFunctionArgs["params"], context: AppLoadContext) {
  const readable = await readableOrder(request, context, params.orderId);
  if (!readable) throw await notFound(request, context);
  return readable;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { orderId } = await requireReadableOrder(request, params, context);
  const [found, documents, manifest, staff] = await Promise.all([
    findOrderWithFlight(context.db, orderId),
    orderReceiptKinds(context, orderId),
    manifestSummary(context, orderId),
    hasPermission(request, context, "orders:manage"),
  ]);
  if (!found) throw await notFound(request, context);
  const { t } = await getRequestI18n(request, context, "catalogue");
  const { order, flight, from, to } = found;
  const quote = quoteCancellation(found, context.now());
  const holdExpiresAt = order.status === "pending" ? order.holdExpiresAt : null;
  const ended = order.status === "cancelled" ? order.cancelReason : null;
  const onSale = flight.status === "scheduled" && flight.departureDate.getTime() > context.now().getTime();
  return {
    order: {
      id: order.id,
      reference: order.reference ?? orderReference(flight.id),
      status: order.status,
      paymentState: order.paymentState,
      cancelReason: order.cancelReason,
      holdExpiresAt,
      payable: holdExpiresAt !== null && holdExpiresAt.getTime() > context.now().getTime(),
      amountCents: order.amountCents,
      money: order.status === "cancelled" ? cancelledMoney(order) : null,
      seats: order.seats,
      wholeAircraft: order.wholeAircraft,
      customer: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`,
      passengers: order.passengers ?? [],
    },
    documents,
    manifest,
    cancellation: {
      cancelled: order.status === "cancelled" && order.cancelReason === "customer" ? cancelledMoney(order) : null,
      quote: quote.cancellable ? quote : null,
      step: quote.cancellable && new URL(request.url).searchParams.get("step") === "cancel",
      paidOffline: order.paymentState === "offline",
      terms: { days: EARLY_CANCELLATION_DAYS, hours: LAST_MINUTE_HOURS },
    },
    // Staff's name for the flight; it tells a customer nothing.
    flightReference: staff ? orderReference(flight.id) : null,
    onward: {
      ways: ended === "flightCancelled" ? await waysForward(context, flight.id) : null,
      rebookFlightId: ended && REBOOKABLE_REASONS.includes(ended) && onSale ? flight.id : null,
    },
    flight: {
      departureDate: flight.departureDate,
      aircraftType: flight.aircraftType,
      carrier: operatingCarrier(flight),
      checkInMinutes: flight.checkInMinutes,
      from: { city: from.servedCity, icao: from.icaoCode },
      to: { city: to.servedCity, icao: to.icaoCode },
    },
    title: `${t(orderHeadingKey(order))} – JetMalin`,
    description: t("order.meta"),
  };
}

/** `step`: back to the confirmation step, with new figures to confirm or a failure to retry. */
const CANCEL_REFUSALS = {
  feeChanged: { step: true, type: "error", text: "order.cancel.feeChanged" },
  alreadyCancelled: { step: false, type: "message", text: "order.cancel.errors.alreadyCancelled" },
  notCancellable: { step: false, type: "error", text: "order.cancel.errors.notCancellable" },
  failed: { step: true, type: "error", text: "order.cancel.errors.failed" },
} as const satisfies Record<
  Exclude<OutcomeReason<CustomerCancelOutcome>, "notFound">,
  { step: boolean; type: "success" | "error" | "message"; text: string }
>;

/** 'Payer maintenant' and 'Confirmer l'annulation', the latter at the figures shown only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { orderId, linkKey } = await requireReadableOrder(request, params, context);
  const submission = await parseRequest(request, { schema: OrderPageSchema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const here = orderPagePath(orderId, linkKey);
  if (submission.status !== "success") {
    const cancelling = submission.payload.intent === "cancel";
    return redirectWithToast(context, here, {
      type: "error",
      description: t(cancelling ? "order.cancel.errors.invalid" : "order.pay.errors.invalid"),
    });
  }
  if (submission.value.intent === "cancel") {
    const { feeCents, refundCents } = submission.value;
    const user = await getUser(request, context);
    const outcome = await cancelOrderAsCustomer(context, {
      orderId,
      userId: user?.id ?? null,
      shown: { feeCents, refundCents },
    });
    if (outcome.ok) return redirectWithToast(context, here, { type: "success", description: t("order.cancel.done") });
    if (outcome.reason === "notFound") throw await notFound(request, context);
    const reply = CANCEL_REFUSALS[outcome.reason];
    return redirectWithToast(context, reply.step ? orderCancelPath(orderId, linkKey) : here, {
      type: reply.type,
      description: t(reply.text),
    });
  }
  const outcome = await payNow(context, { orderId, clientKey: await clientKeyOf(request) });
  if (!outcome.ok)
    return redirectWithToast(context, here, { type: "error", description: t(`order.pay.errors.${outcome.reason}`) });
  return redirect(outcome.url);
}

export default function ConfirmationPage() {
  const { order, cancellation, flightReference, flight, documents, manifest, onward } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const [searchParams] = useSearchParams();
  const completed = order.status === "completed";
  const linkKey = searchParams.get("key");
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t(orderHeadingKey(order))}</h1>
      <OrderPayment order={order} />
      <CustomerCancellation orderId={order.id} linkKey={linkKey} view={cancellation} />

      <OrderSummary order={order} flight={flight} flightReference={flightReference} />
      <ManifestBlock orderId={order.id} linkKey={linkKey} summary={manifest} />
      {completed ? <FlightDay orderId={order.id} linkKey={linkKey} flight={flight} /> : null}
      <OrderDocuments orderId={order.id} linkKey={linkKey} documents={documents} />
      <OrderNextSteps order={order} checkInMinutes={flight.checkInMinutes} {...onward} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return (
    <NotFoundPanel
      title={t("order.notFound.title")}
      text={t("order.notFound.text")}
      linkTo="/home"
      linkLabel={t("order.notFound.home")}
    />
  );
}
