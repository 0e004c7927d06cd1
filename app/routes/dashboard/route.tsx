import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { requireUser } from "#app/accounts/session.server";
import { listFavoriteFlights } from "#app/alerts/favorites.queries.server";
import { listWaitlistFlights } from "#app/alerts/waitlist.queries.server";
import { FlightCard } from "#app/components/flight-card";
import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import { cancelledMoney } from "#app/orders/cancellation-fees";
import { dashboardSummary, EUROS_PER_LOYALTY_POINT } from "#app/orders/dashboard";
import { listUserOrders } from "#app/orders/orders.queries.server";
import { pageMeta } from "#app/utils/meta";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

import { EmptyList, OrdersSection, useFlightWords, WaitlistSection } from "./dashboard-sections";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

/** The signed-in customer's own data only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = await getRequestI18n(request, context, "auth");
  const now = context.now();
  const [favorites, orders, waitlist] = await Promise.all([
    listFavoriteFlights(context.db, user.id, now),
    listUserOrders(context.db, user.id),
    listWaitlistFlights(context.db, user.id, now),
  ]);
  const summary = dashboardSummary(orders, now);
  return {
    firstName: user.firstName,
    favorites,
    orders: orders.map((order) => ({
      ...order,
      cancelledByCustomer:
        order.status === "cancelled" && order.cancelReason === "customer" ? cancelledMoney(order) : null,
    })),
    waitlist: waitlist.map((flight) => ({
      id: flight.id,
      from: flight.departureAirport.servedCity,
      to: flight.arrivalAirport.servedCity,
      departureDate: flight.departureDate,
      isSoldOut: flight.isSoldOut,
    })),
    upcoming: summary.upcoming,
    counters: {
      favorites: favorites.length,
      upcoming: summary.upcoming.length,
      completed: summary.completedFlights,
      points: summary.loyaltyPoints,
    },
    now,
    title: t("dashboard.welcome", { name: user.firstName }),
  };
}

export default function DashboardPage() {
  const { firstName, favorites, orders, waitlist, upcoming, counters, now } = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const { when, routeOf } = useFlightWords();
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">{t("dashboard.welcome", { name: firstName })}</h1>
        <p className="mt-2 text-navy-700">{t("dashboard.intro")}</p>
        <Link to="/profile" className={`${buttonClassName("primary", "lg")} mt-6 inline-block`}>
          {t("dashboard.profileLink")}
        </Link>
      </div>

      <section aria-labelledby="counters-heading">
        <h2 id="counters-heading" className="sr-only">
          {t("dashboard.countersHeading")}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-4">
          {(["favorites", "upcoming", "completed", "points"] as const).map((name) => (
            <div key={name} className="rounded-2xl bg-white p-5 ring-1 ring-navy-100">
              <dt className="text-sm text-navy-700">{t(`dashboard.counters.${name}`)}</dt>
              <dd className="mt-1 text-3xl font-extrabold" data-testid={`counter-${name}`}>
                {counters[name]}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-navy-700">{t("dashboard.pointsRule", { euros: EUROS_PER_LOYALTY_POINT })}</p>
      </section>

      <section aria-labelledby="favorites-heading">
        <h2 id="favorites-heading" className="text-2xl font-bold">
          {t("dashboard.favoritesHeading")}
        </h2>
        {favorites.length === 0 ? (
          <EmptyList text={t("dashboard.noFavorites")} />
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="favorites-heading">
            {favorites.map((flight) => (
              <li key={flight.id}>
                <FlightCard
                  flight={{
                    ...flight,
                    departureDate: new Date(flight.departureDate),
                    refreshedAt: new Date(flight.refreshedAt),
                  }}
                  now={new Date(now)}
                  isFavorite
                  isWaitlisted={waitlist.some((entry) => entry.id === flight.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <WaitlistSection waitlist={waitlist} />

      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="text-2xl font-bold">
          {t("dashboard.upcomingHeading")}
        </h2>
        {upcoming.length === 0 ? (
          <EmptyList text={t("dashboard.noUpcoming")} />
        ) : (
          <ul className="mt-4 space-y-2">
            {upcoming.map((order) => (
              <li key={order.id} className="rounded-xl bg-white p-4 ring-1 ring-navy-100">
                <span className="font-semibold">{routeOf(order)}</span> – {when(order.departureDate)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <OrdersSection orders={orders} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
