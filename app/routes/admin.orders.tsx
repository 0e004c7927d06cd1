import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { ListSearch, Pagination } from "#app/components/admin/list-controls";
import { SubmitButton, inputClass } from "#app/components/ui/form-field";
import { cityName } from "#app/content/city-names";
import { getRequestI18n } from "#app/i18n.server";
import { ORDERS_PAGE_SIZE, listOrders } from "#app/models/admin-orders.server";
import { orderReference } from "#app/services/checkout.server";
import { decideOrder } from "#app/services/order-status.server";
import { ORDER_STATUSES } from "#app/utils/constants";
import { formatDateTime, formatOrderAmount } from "#app/utils/format";
import { orderFilterFrom, pageParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { requirePermission } from "#app/services/session.server";
import { redirectWithToast } from "#app/utils/reply.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { OrderDecisionSchema } from "#app/utils/forms/orders";
import { useIsPending } from "#app/utils/use-is-pending";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["admin", "catalogue"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const searchParams = new URL(request.url).searchParams;
  const filter = orderFilterFrom(searchParams);
  const page = pageParam(searchParams);
  const { orders, total } = await listOrders(context.db, filter, page);
  return {
    title: `${t("orders.heading")} – ${t("layout.titleAdmin")}`,
    filter,
    page,
    pages: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    total,
    orders: orders.map((order) => ({
      id: order.id,
      status: order.status,
      reference: orderReference(order.flightId),
      amount: formatOrderAmount(order.amountCents, language),
      seats: order.seats,
      wholeAircraft: order.wholeAircraft,
      customer: order.customerInfo,
      accountLinked: order.userId !== null,
      createdAt: formatDateTime(order.createdAt),
      departure: formatDateTime(order.departureDate),
      route: `${cityName(order.from, language)} → ${cityName(order.to, language)}`,
      airports: `${order.fromIcao} → ${order.toIcao}`,
      aircraftType: order.aircraftType,
    })),
  };
}

/** 'Valider' and 'Refuser' (services/order-status.server.ts): only a pending order moves, once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePermission(request, context, "orders:manage");
  const submission = await parseRequest(request, { schema: OrderDecisionSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const back = redirectBack(submission, "/admin/orders");
  if (submission.status !== "success") return redirectWithToast(context, back, { type: "error", description: t("orders.errors.update") });
  const outcome = await decideOrder(context, { ...submission.value, by: user.id });
  if (!outcome.ok) return redirectWithToast(context, back, { type: "error", description: t(`orders.errors.${outcome.reason}`) });
  return redirectWithToast(context, back, { type: "success", description: t(outcome.status === "completed" ? "orders.validated" : "orders.refused") });
}

type ListedOrder = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];

export default function AdminOrdersTab() {
  const { orders, filter, page, pages, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: tCatalogue } = useTranslation("catalogue");
  const exporting = useIsPending({ formAction: "/admin/orders/export" });
  return (
    <section aria-labelledby="orders-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-2xl font-bold">
          {t("orders.heading")}
        </h2>
        <Form method="post" action="/admin/orders/export" reloadDocument>
          <input type="hidden" name="status" value={filter.status ?? ""} />
          <input type="hidden" name="q" value={filter.search} />
          <SubmitButton variant="primary" pending={exporting} label={t("orders.export")} pendingLabel={t("orders.exporting")} />
        </Form>
      </div>
      <div className="mt-4">
        <ListSearch label={t("orders.searchLabel")} placeholder={t("orders.searchPlaceholder")} defaultValue={filter.search}>
          <div>
            <label htmlFor="orders-status" className="mb-1 block text-sm font-semibold">
              {t("orders.statusFilter")}
            </label>
            <select id="orders-status" name="status" defaultValue={filter.status ?? ""} className={inputClass}>
              <option value="">{t("orders.allStatuses")}</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {tCatalogue(`order.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        </ListSearch>
      </div>
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

const STATUS_STYLES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-blue-100 text-blue-900",
  completed: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-red-100 text-red-900",
};

function OrderCard({ order }: { order: ListedOrder }) {
  const { t } = useTranslation("admin");
  const { t: tCatalogue } = useTranslation("catalogue");
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const validating = useIsPending({ intent: "validate", field: ["orderId", order.id] });
  const refusing = useIsPending({ intent: "refuse", field: ["orderId", order.id] });
  const name = `${order.customer.firstName} ${order.customer.lastName}`;
  return (
    <li data-testid="order-card" data-order-id={order.id} className="rounded-xl bg-white shadow-sm ring-1 ring-navy-100">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 p-4">
          <span className="font-semibold">{order.reference}</span>
          <span>{name}</span>
          <span className="text-navy-700">{order.route}</span>
          <span className="tabular-nums">{order.amount}</span>
          <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_STYLES[order.status]}`}>{tCatalogue(`order.status.${order.status}`)}</span>
        </summary>
        <div className="grid gap-6 border-t border-navy-100 p-4 sm:grid-cols-2">
          <section aria-label={t("orders.customer")}>
            <h3 className="font-semibold">{t("orders.customer")}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label={t("orders.fields.name")} value={name} />
              <Row label={t("orders.fields.email")} value={order.customer.email} />
              <Row label={t("orders.fields.phone")} value={order.customer.phone} />
              <Row label={t("orders.fields.address")} value={`${order.customer.address}, ${order.customer.zipCode} ${order.customer.city}, ${order.customer.country}`} />
              <Row label={t("orders.fields.account")} value={order.accountLinked ? t("orders.account.linked") : t("orders.account.none")} />
            </dl>
          </section>
          <section aria-label={t("orders.flight")}>
            <h3 className="font-semibold">{t("orders.flight")}</h3>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label={t("orders.fields.route")} value={`${order.route} (${order.airports})`} />
              <Row label={t("orders.fields.departure")} value={order.departure} />
              <Row label={t("orders.fields.aircraft")} value={order.aircraftType} />
              <Row label={t("orders.fields.seats")} value={order.wholeAircraft ? t("orders.wholeAircraft", { count: order.seats }) : String(order.seats)} />
              <Row label={t("orders.fields.ordered")} value={order.createdAt} />
            </dl>
          </section>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
            <a href={`/confirmation/${order.id}`} target="_blank" rel="noopener" className="font-semibold text-navy-800 underline">
              {t("orders.open")}
              <span className="sr-only"> {t("orders.newTab")}</span>
            </a>
            {order.status === "pending" ? (
              <>
                <Form method="post">
                  <input type="hidden" name="orderId" value={order.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <SubmitButton name="intent" value="validate" variant="primary" pending={validating} label={t("orders.validate")} pendingLabel={t("orders.validating")} />
                </Form>
                <Form method="post">
                  <input type="hidden" name="orderId" value={order.id} />
                  <input type="hidden" name="redirectTo" value={here} />
                  <button
                    type="submit"
                    name="intent"
                    value="refuse"
                    disabled={refusing}
                    aria-busy={refusing}
                    className="rounded-full border-2 border-red-700 px-6 py-2.5 font-semibold text-red-800 hover:bg-red-700 hover:text-white disabled:opacity-60"
                  >
                    {refusing ? t("orders.refusing") : t("orders.refuse")}
                  </button>
                </Form>
              </>
            ) : null}
          </div>
        </div>
      </details>
    </li>
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
