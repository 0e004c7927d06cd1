import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { Pagination } from "#app/components/admin/list-controls";
import { cityName } from "#app/content/city-names";
import { getRequestI18n } from "#app/i18n.server";
import { CAPTURE_WARNING_MS, orderSortFrom } from "#app/orders/admin-order-sort";
import { listOrders, ORDERS_PAGE_SIZE } from "#app/orders/admin-orders.queries.server";
import { manifestStates } from "#app/orders/flight-manifest.server";
import { retryRefund } from "#app/orders/order-cancel.server";
import { OrderDecisionSchema } from "#app/orders/order-forms";
import { listOrderEvents } from "#app/orders/order-life.queries.server";
import { refuseOrder, validateOrder } from "#app/orders/order-life.server";
import { orderReference } from "#app/orders/order-reference";
import { formatDateTime, formatDay, formatOrderAmount, formatTime, zurichDay } from "#app/utils/format";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { orderFilterFrom, pageParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { can } from "#app/utils/permissions";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";

import { customerView } from "./customer-view";
import { type HistoryDetail, historyDetail } from "./history-detail";
import { offerHistoryEntries } from "./offer-history.server";
import { type AdminOrderCardData, OrderCard } from "./order-card";
import { AccountingExport, OrdersExport, OrdersFilters } from "./order-filters";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "orders:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const searchParams = new URL(request.url).searchParams;
  const filter = orderFilterFrom(searchParams);
  const page = pageParam(searchParams);
  const sort = orderSortFrom(searchParams);
  const { orders, total } = await listOrders(context.db, filter, page, sort);
  // The history of the page's orders in one query, then shared out by order.
  const history = new Map<string, Array<Awaited<ReturnType<typeof listOrderEvents>>[number]>>();
  for (const event of await listOrderEvents(
    context.db,
    orders.map((order) => order.id),
  )) {
    const entries = history.get(event.orderId);
    if (entries) entries.push(event);
    else history.set(event.orderId, [event]);
  }
  // An order from an offer: the offer's versions and thread come first in its history.
  const offerHistory = await offerHistoryEntries(
    request,
    context,
    orders.map((order) => order.id),
  );
  // Counted in SQL for the page, nothing unsealed; a cancelled order has no badge.
  const manifests = await manifestStates(context, orders);
  const readsManifests = can(user.role, "manifests:manage");
  const accountingMonth = can(user.role, "documents:export") ? zurichDay(context.now()).slice(0, 7) : null;
  const now = context.now().getTime();
  const describe = (detail: HistoryDetail | null) =>
    detail ? t(`orders.history.details.${detail.key}`, detail.values) : null;
  return {
    title: `${t("orders.heading")} – ${t("layout.titleAdmin")}`,
    accountingMonth,
    filter,
    sort,
    page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    total,
    orders: orders.map((order): AdminOrderCardData => ({
      id: order.id,
      reference: order.reference ?? orderReference(order.flightId),
      flightReference: orderReference(order.flightId),
      status: order.status,
      paymentState: order.paymentState,
      hold:
        order.status === "pending" && order.holdExpiresAt
          ? { until: formatDateTime(order.holdExpiresAt), expired: order.holdExpiresAt.getTime() <= now }
          : null,
      // 'À valider avant le …': the card's authorisation lapses then (Zurich time, the reader's format).
      captureBefore:
        order.status === "processing" && order.captureBefore
          ? {
              text: t("orders.captureBefore", {
                day: formatDay(order.captureBefore, language),
                time: formatTime(order.captureBefore),
              }),
              soon: order.captureBefore.getTime() - now <= CAPTURE_WARNING_MS,
            }
          : null,
      amount: formatOrderAmount(order.amountCents, language),
      cancellation:
        order.status === "cancelled" && order.cancelReason
          ? {
              reason: order.cancelReason,
              fee: order.cancellationFeeCents ? formatOrderAmount(order.cancellationFeeCents, language) : null,
              refunded: order.refundedCents > 0 ? formatOrderAmount(order.refundedCents, language) : null,
            }
          : null,
      seats: order.seats,
      wholeAircraft: order.wholeAircraft,
      passengers: order.passengers ?? [],
      customer: customerView(order.customerInfo, language),
      accountLinked: order.userId !== null,
      createdAt: formatDateTime(order.createdAt),
      departure: formatDateTime(order.departureDate),
      route: `${cityName(order.from, language)} → ${cityName(order.to, language)}`,
      airports: `${order.fromIcao} → ${order.toIcao}`,
      aircraftType: order.aircraftType,
      manifest: manifests.get(order.id) ?? null,
      manifestPath: readsManifests ? `/admin/flights/${order.flightId}/manifest` : null,
      history: [
        ...(offerHistory.get(order.id) ?? []),
        ...(history.get(order.id) ?? []).map((event) => ({
          move: event.move,
          actor: event.actor,
          by: event.byFirstName ? `${event.byFirstName} ${event.byLastName ?? ""}`.trim() : null,
          detail: describe(historyDetail(event, language)),
          at: formatDateTime(event.createdAt),
        })),
      ],
    })),
  };
}

/**
 * 'Valider' and 'Refuser' (orders/order-life.server.ts), 'Relancer le remboursement'
 * (orders/order-cancel.server.ts). A refused capture leaves the order processing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "orders:manage");
  const submission = await parseRequest(request, { schema: OrderDecisionSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const back = redirectBack(submission, "/admin/orders");
  if (submission.status !== "success")
    return redirectWithToast(context, back, { type: "error", description: t("orders.errors.failed") });
  const { intent, orderId } = submission.value;
  const outcome =
    intent === "validate"
      ? await validateOrder(context, { orderId, by: user.id })
      : intent === "retryRefund"
        ? await retryRefund(context, { orderId, by: user.id })
        : await refuseOrder(context, { orderId, by: user.id });
  if (!outcome.ok) {
    const message = "message" in outcome && outcome.message ? outcome.message : "—";
    const key = outcome.reason === "operatorUnknown" ? "operator.captureRefused" : `orders.errors.${outcome.reason}`;
    return redirectWithToast(context, back, { type: "error", description: t(key, { message }) });
  }
  return redirectWithToast(context, back, {
    type: "success",
    description: t(
      intent === "validate" ? "orders.validated" : intent === "retryRefund" ? "orders.refundRetried" : "orders.refused",
    ),
  });
}

export default function AdminOrdersTab() {
  const { orders, filter, sort, page, pages, total, accountingMonth } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-2xl font-bold">
          {t("orders.heading")}
        </h2>
        <OrdersExport filter={filter} />
      </div>
      <div className="mt-4">
        <OrdersFilters filter={filter} sort={sort} />
      </div>
      {accountingMonth ? (
        <section aria-labelledby="accounting-heading" className="mt-4">
          <h3 id="accounting-heading" className="mb-2 text-lg font-semibold">
            {t("accounting.heading")}
          </h3>
          <AccountingExport month={accountingMonth} />
        </section>
      ) : null}
      <p className="mt-4 text-sm text-navy-700" role="status">
        {t("orders.count", { count: total })}
      </p>
      {orders.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100">{t("orders.empty")}</p>
      ) : (
        <ul aria-label={t("orders.listLabel")} className="mt-4 space-y-3">
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
