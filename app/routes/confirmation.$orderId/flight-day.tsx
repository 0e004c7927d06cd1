import { buttonClassName } from "#app/components/ui/button";
import { terminalTime } from "#app/content/boarding";
import { company, telHref } from "#app/content/company";
import { formatDay, formatTime } from "#app/utils/format";
import { orderCalendarPath } from "#app/utils/order-urls";
import { useTranslation } from "#app/utils/translations";
import { useCityName } from "#app/utils/use-language";

type Airport = { city: string; icao: string };

export function FlightDay({
  orderId,
  linkKey,
  flight,
}: {
  orderId: string;
  linkKey: string | null;
  flight: { departureDate: string | Date; checkInMinutes: number; from: Airport; to: Airport };
}) {
  const { t, language } = useTranslation("catalogue");
  const city = useCityName();
  const terminal = terminalTime(new Date(flight.departureDate), flight.checkInMinutes);
  const airport = (place: Airport) => `${city(place.city)} (${place.icao})`;
  return (
    <section className="mt-8 rounded-2xl bg-white p-6 ring-1 ring-navy-100" aria-labelledby="flight-day">
      <h2 id="flight-day" className="text-xl font-bold">
        {t("order.day.title")}
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-navy-600">{t("order.day.departureAirport")}</dt>
          <dd className="font-semibold">{airport(flight.from)}</dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t("order.day.arrivalAirport")}</dt>
          <dd className="font-semibold">{airport(flight.to)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-navy-600">{t("order.day.terminal")}</dt>
          <dd className="font-semibold" data-testid="terminal-time">
            {formatDay(terminal, language)}, {formatTime(terminal)}
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-sm text-navy-700">
        {t("order.day.contact")}{" "}
        <a href={telHref(company.reservationsPhone)} className="font-semibold underline">
          {company.reservationsPhone}
        </a>{" "}
        ·{" "}
        <a href={`mailto:${company.customerServiceEmail}`} className="font-semibold underline">
          {company.customerServiceEmail}
        </a>
      </p>
      <a href={orderCalendarPath(orderId, linkKey)} className={`${buttonClassName("quiet", "md")} mt-4 inline-block`}>
        {t("order.day.calendar")}
      </a>
    </section>
  );
}
