import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { getRequestI18n } from "#app/i18n.server";
import { findOrderWithFlight } from "#app/models/orders.server";
import { orderReference } from "#app/services/checkout.server";
import { sha256Hex } from "#app/utils/crypto.server";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { getUser } from "#app/services/session.server";
import { can } from "#app/utils/permissions";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { useCityName } from "#app/utils/use-language";

/**
 * An order (traveller.md "Order confirmation page", DECISIONS.md D3): readable by its
 * owner, by whoever may manage orders (the admin: docs/permissions.md), or with the key
 * of the link in the order mail. Anyone else gets the same 404 as for an order that
 * does not exist.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getUser(request, context);
  const orderId = boundedParam(params.orderId);
  const key = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  const found = orderId ? await findOrderWithFlight(context.db, orderId) : null;
  const allowed =
    !!found &&
    ((user !== null && (found.order.userId === user.id || can(user.role, "orders:manage"))) ||
      (key !== null && (await sha256Hex(key)) === found.order.accessKeyHash));
  if (!found || !allowed) throw data(null, { status: 404 });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const { order, flight, from, to } = found;
  return {
    order: {
      status: order.status,
      amountCents: order.amountCents,
      seats: order.seats,
      wholeAircraft: order.wholeAircraft,
      customer: `${order.customerInfo.firstName} ${order.customerInfo.lastName}`,
    },
    reference: orderReference(flight.id),
    flight: { departureDate: flight.departureDate, aircraftType: flight.aircraftType, from: from.servedCity, to: to.servedCity },
    title: `${t(order.status === "completed" ? "order.titleCompleted" : "order.titleOther")} – JetMalin`,
    description: t("order.meta"),
  };
}

export default function ConfirmationPage() {
  const { order, reference, flight } = useLoaderData<typeof loader>();
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  const completed = order.status === "completed";
  const departure = new Date(flight.departureDate);
  const payment = order.status === "completed" || order.status === "processing" ? order.status : "other";
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t(completed ? "order.titleCompleted" : "order.titleOther")}</h1>
      <p className="mt-4 flex items-center gap-2">
        <span className="font-semibold">{t("order.status.label")}</span>
        <span data-testid="order-status" className="rounded-full bg-navy-100 px-3 py-1 text-sm font-semibold text-navy-900">
          {order.status === "processing" ? (
            <span aria-hidden="true" className="mr-1 inline-block animate-spin motion-reduce:animate-none">
              ⟳
            </span>
          ) : null}
          {t(`order.status.${order.status}`)}
        </span>
      </p>
      <p className="mt-2 text-navy-700">{t(`order.payment.${payment}`)}</p>

      <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-navy-600">{t("order.flight")}</dt>
          <dd className="font-semibold">
            {t("flight.route", { from: city(flight.from), to: city(flight.to) })} ({flight.aircraftType})
          </dd>
          <dd className="text-sm">
            {formatDay(departure, language)}, {formatTime(departure)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("order.seats")}</dt>
          <dd className="font-semibold">
            {order.wholeAircraft ? t("checkout.wholeAircraftSeats", { count: order.seats }) : order.seats}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("order.amount")}</dt>
          <dd className="text-xl font-extrabold" data-testid="order-amount">
            {formatOrderAmount(order.amountCents, language)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("order.reference")}</dt>
          <dd className="font-mono font-semibold">{reference}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-navy-600">{t("order.customer")}</dt>
          <dd className="font-semibold">{order.customer}</dd>
        </div>
      </dl>

      <section className="mt-8" aria-labelledby="next-steps">
        <h2 id="next-steps" className="text-xl font-bold">
          {t("order.next.title")}
        </h2>
        <p className="mt-2 text-navy-700">{t(completed ? "order.next.completed" : "order.next.other")}</p>
        <p className="mt-2 text-sm text-navy-600">{t("order.save")}</p>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : [{ name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  const { t } = useTranslation("catalogue");
  return <NotFoundPanel title={t("order.notFound.title")} text={t("order.notFound.text")} linkTo="/home" linkLabel={t("order.notFound.home")} />;
}
