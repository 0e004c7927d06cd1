import type { ReceiptKind } from "#app/utils/constants";
import { formatDay, formatOrderAmount, formatTime } from "#app/utils/format";
import { carrierText, type OperatingCarrier } from "#app/utils/operating-carrier";
import { orderReceiptPath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";
import { useCityName, useNumberLocale } from "#app/utils/use-language";

type Airport = { city: string; icao: string };

export function OrderSummary({
  order,
  flight,
  flightReference,
}: {
  order: {
    seats: number;
    wholeAircraft: boolean;
    amountCents: number;
    /** The order's own, or for an order placed before references existed, its flight's. */
    reference: string;
    customer: string;
    passengers: string[];
  };
  flight: {
    departureDate: string | Date;
    aircraftType: string;
    carrier?: OperatingCarrier | null;
    from: Airport;
    to: Airport;
  };
  /** For staff only: the customer knows the order by its own reference. */
  flightReference: string | null;
}) {
  const { t, language } = useTranslation("catalogue");
  const numberLocale = useNumberLocale();
  const city = useCityName();
  const departure = new Date(flight.departureDate);
  return (
    <dl className="mt-8 grid gap-4 rounded-2xl bg-white p-6 ring-1 ring-navy-100 sm:grid-cols-2">
      <div>
        <dt className="text-sm text-navy-600">{t("order.flight")}</dt>
        <dd className="font-semibold">
          {t("flight.route", { from: city(flight.from.city), to: city(flight.to.city) })} ({flight.aircraftType})
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
          {formatOrderAmount(order.amountCents, numberLocale)}
        </dd>
      </div>
      <div>
        <dt className="text-sm text-navy-600">{t("order.reference")}</dt>
        <dd className="font-mono font-semibold" data-testid="order-reference">
          {order.reference}
        </dd>
        {flightReference ? (
          <>
            <dt className="mt-2 text-sm text-navy-600">{t("order.flightReference")}</dt>
            <dd className="font-mono text-sm" data-testid="flight-reference">
              {flightReference}
            </dd>
          </>
        ) : null}
      </div>
      {flight.carrier !== undefined ? (
        <div className="sm:col-span-2" data-testid="operating-carrier">
          <dt className="text-sm text-navy-600">{t("operator.label")}</dt>
          <dd className="font-semibold">{carrierText(flight.carrier, t, language)}</dd>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <dt className="text-sm text-navy-600">{t("order.customer")}</dt>
        <dd className="font-semibold">{order.customer}</dd>
      </div>
      {order.passengers.length > 0 ? (
        <div className="sm:col-span-2">
          <dt className="text-sm text-navy-600">{t("order.passengers", { count: order.passengers.length })}</dt>
          <dd>
            <ul className="list-inside list-disc" data-testid="order-passengers">
              {order.passengers.map((name, index) => (
                <li key={index}>{name}</li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function OrderDocuments({
  orderId,
  linkKey,
  documents,
}: {
  orderId: string;
  linkKey: string | null;
  documents: ReceiptKind[];
}) {
  const { t } = useTranslation("catalogue");
  if (documents.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="order-documents">
      <h2 id="order-documents" className="text-xl font-bold">
        {t("receipt.documents")}
      </h2>
      <ul className="mt-2 space-y-2">
        {documents.map((kind) => (
          <li key={kind}>
            {/* A file, not a page: the browser opens it whether or not JavaScript runs. */}
            <a
              href={orderReceiptPath(orderId, kind, linkKey)}
              className="font-semibold underline"
              data-testid={`order-${kind}`}
            >
              {t(`receipt.download.${kind}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
