/** The live bookings of a flight, one table of passengers each; a field not given yet reads '—' and 'manquant'. */
import { ManifestBadge } from "#app/components/admin/manifest-badge";
import {
  formatManifestDay,
  MANIFEST_FIELDS,
  type ManifestBooking,
  type ManifestField,
  type ManifestLineView,
} from "#app/orders/manifest-state";
import { useTranslation } from "#app/utils/translations";

const DATES: readonly ManifestField[] = ["birthDate", "expiresOn"];

export function ManifestBookings({ bookings }: { bookings: ManifestBooking[] }) {
  const { t } = useTranslation("admin");
  if (bookings.length === 0)
    return <p className="rounded-2xl bg-white p-6 text-navy-700 ring-1 ring-navy-100">{t("manifestStaff.empty")}</p>;
  return (
    <ul className="space-y-4">
      {bookings.map((booking) => (
        <li
          key={booking.orderId}
          data-testid="manifest-booking"
          data-order-id={booking.orderId}
          className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <h3 className="font-mono font-semibold">{booking.reference}</h3>
            <ManifestBadge state={booking.state} />
            <a
              href={`/confirmation/${booking.orderId}/manifest`}
              className="text-sm font-semibold text-navy-800 underline"
            >
              {t("manifestStaff.edit", { reference: booking.reference })}
            </a>
          </div>
          <PassengerTable booking={booking} />
          <Luggage booking={booking} />
        </li>
      ))}
    </ul>
  );
}

function PassengerTable({ booking }: { booking: ManifestBooking }) {
  const { t } = useTranslation("admin");
  const label = t("manifestStaff.tableLabel", { reference: booking.reference });
  return (
    // Nine columns do not fit a phone: the table scrolls, and the keyboard can scroll it.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto focus-visible:ring-2 focus-visible:ring-gold-400"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{t("manifestStaff.passengers", { reference: booking.reference })}</caption>
        <thead className="bg-navy-50 text-navy-800">
          <tr>
            {MANIFEST_FIELDS.map((field) => (
              <th key={field} scope="col" className="whitespace-nowrap px-2 py-1 font-semibold">
                {t(`manifestStaff.columns.${field}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {booking.lines.map((line, seat) => (
            <tr key={seat} data-testid="manifest-passenger" className="border-t border-navy-100">
              {MANIFEST_FIELDS.map((field) => (
                <td key={field} className="whitespace-nowrap px-2 py-1">
                  <Field line={line} field={field} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Field({ line, field }: { line: ManifestLineView; field: ManifestField }) {
  const { t } = useTranslation("admin");
  const value = line[field];
  if (value === undefined) return <Missing />;
  if (field === "documentKind") return <>{t(`manifestStaff.documentKinds.${value}`)}</>;
  return <>{DATES.includes(field) ? formatManifestDay(value) : value}</>;
}

function Missing() {
  const { t } = useTranslation("admin");
  return (
    <span data-testid="manifest-missing">
      <span aria-hidden="true">— </span>
      <span className="rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900">
        {t("manifestStaff.missing")}
      </span>
    </span>
  );
}

function Luggage({ booking }: { booking: ManifestBooking }) {
  const { t } = useTranslation("admin");
  const items = [
    ["luggagePieces", booking.luggagePieces, true],
    ["luggageKg", booking.luggageKg, true],
    ["pets", booking.pets, false],
  ] as const;
  return (
    <dl aria-label={t("manifestStaff.luggage")} className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
      {items.map(([column, value, required]) => (
        <div key={column} className="flex gap-1">
          <dt className="text-navy-700">{t(`manifestStaff.columns.${column}`)}</dt>
          <dd className="font-semibold">{value !== null ? value : required ? <Missing /> : "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
