import { Link } from "@remix-run/react";

import { CardTable } from "#app/components/ui/card-table";
import { WaitlistForm } from "#app/components/waitlist-form";
import type { cancelledMoney } from "#app/orders/cancellation-fees";
import type { OrderStatus, PaymentState } from "#app/utils/constants";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { orderPagePath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";
import { useCityName, useNumberLocale } from "#app/utils/use-language";

/** A flight's route and departure as the customer space says them ('Genève → Nice', 'lundi 3 mars, 14:30'). */
export function useFlightWords() {
  const { language } = useTranslation("auth");
  const { t: tc } = useTranslation("catalogue");
  const city = useCityName();
  const when = (iso: string | Date) => {
    const date = new Date(iso);
    return `${formatDay(date, language)}, ${formatTime(date)}`;
  };
  const routeOf = (flight: { from: string; to: string }) =>
    tc("flight.route", { from: city(flight.from), to: city(flight.to) });
  return { when, routeOf };
}

/** An empty list is no dead end: it leads to the flights. */
export function EmptyList({ text }: { text: string }) {
  const { t } = useTranslation("auth");
  return (
    <p className="mt-3 text-navy-700" data-testid="empty-list">
      {text}{" "}
      <Link to="/empty-legs" className="font-semibold underline">
        {t("dashboard.browseFlights")}
      </Link>
    </p>
  );
}

type WaitlistEntry = { id: string; from: string; to: string; departureDate: string | Date; isSoldOut: boolean };

export function WaitlistSection({ waitlist }: { waitlist: WaitlistEntry[] }) {
  const { t } = useTranslation("auth");
  const { when, routeOf } = useFlightWords();
  return (
    <section aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading" className="text-2xl font-bold">
        {t("dashboard.waitlistHeading")}
      </h2>
      {waitlist.length === 0 ? (
        <p className="mt-3 text-navy-700">{t("dashboard.noWaitlist")}</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-labelledby="waitlist-heading">
          {waitlist.map((entry) => {
            const route = routeOf(entry);
            return (
              <li
                key={entry.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-navy-100"
                data-testid="waitlist-entry"
              >
                <div>
                  <span className="font-semibold">{route}</span> – {when(entry.departureDate)}
                  <p className="text-sm text-navy-700">
                    {entry.isSoldOut ? (
                      t("dashboard.waitlistWaiting")
                    ) : (
                      <>
                        {t("dashboard.waitlistFree")}{" "}
                        <Link to={`/checkout/${entry.id}`} className="font-semibold underline">
                          {t("dashboard.waitlistBook")}
                          <span className="sr-only"> {route}</span>
                        </Link>
                      </>
                    )}
                  </p>
                </div>
                <WaitlistForm
                  flightId={entry.id}
                  route={route}
                  waiting
                  leaveLabel={t("dashboard.waitlistLeave")}
                  className="w-40"
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

type OrderRow = {
  id: string;
  from: string;
  to: string;
  departureDate: string | Date;
  status: OrderStatus;
  paymentState: PaymentState;
  amountCents: number;
  cancelledByCustomer: ReturnType<typeof cancelledMoney> | null;
};

export function OrdersSection({ orders }: { orders: OrderRow[] }) {
  const { t } = useTranslation("auth");
  const numberLocale = useNumberLocale();
  const { t: tc } = useTranslation("catalogue");
  const { when, routeOf } = useFlightWords();
  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-2xl font-bold">
        {t("dashboard.ordersHeading")}
      </h2>
      {orders.length === 0 ? (
        <EmptyList text={t("dashboard.noOrders")} />
      ) : (
        <CardTable
          labelledBy="orders-heading"
          tableClassName="min-w-[44rem]"
          rows={orders}
          rowKey={(order) => order.id}
          rowTestId="order-row"
          cardTestId="order-card"
          columns={[
            { header: t("dashboard.columns.flight"), cell: (order) => routeOf(order), className: "font-semibold" },
            { header: t("dashboard.columns.date"), cell: (order) => when(order.departureDate) },
            { header: t("dashboard.columns.status"), cell: (order) => tc(`order.status.${order.status}`) },
            {
              header: t("dashboard.columns.payment"),
              cell: (order) => {
                const money = order.cancelledByCustomer;
                return (
                  <>
                    {tc(`order.paymentState.${order.paymentState}`)}
                    {money && money.kind !== "nothingCharged" ? (
                      <span className="block text-sm text-navy-700" data-testid="order-cancellation">
                        {tc("order.cancelled.money.fee", { amount: formatOrderAmount(money.feeCents, numberLocale) })}
                        <br />
                        {tc(`order.cancelled.money.${money.kind}`, {
                          amount: formatOrderAmount(money.refundCents, numberLocale),
                        })}
                      </span>
                    ) : null}
                  </>
                );
              },
            },
            {
              header: t("dashboard.columns.amount"),
              cell: (order) => formatOrderAmount(order.amountCents, numberLocale),
            },
            {
              header: t("dashboard.columns.link"),
              action: true,
              cell: (order) => (
                <Link to={orderPagePath(order.id)} className="font-semibold underline">
                  {t("dashboard.viewOrder")}
                  <span className="sr-only"> {routeOf(order)}</span>
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
