import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { requirePermission } from "#app/accounts/session.server";
import { NotFoundPanel } from "#app/components/not-found-panel";
import { buttonClassName } from "#app/components/ui/button";
import { cityName } from "#app/content/city-names";
import { getRequestI18n } from "#app/i18n.server";
import { openFlightManifest } from "#app/orders/flight-manifest.server";
import { formatDateTime, formatDay, formatTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { boundedParam, refusal } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

import { AccessLog } from "./access-log";
import { ManifestBookings } from "./manifest-bookings";

export const handle = { i18n: ["admin"] };
export const clientLoader = loadingTranslations(handle.i18n);

const exportButton = `${buttonClassName("secondary", "compact", { ring: true })} inline-flex items-center`;

const REFUSAL_STATUS = { notFound: 404, failed: 500 } as const;

/** A flight's manifest (docs/privacy.md 'Manifests'): each view is recorded before the lines are shown. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requirePermission(request, context, "manifests:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const flightId = boundedParam(params.flightId);
  const outcome = flightId
    ? await openFlightManifest(context, { flightId, userId: user.id, action: "view" })
    : ({ ok: false, reason: "notFound" } as const);
  if (!outcome.ok) throw refusal(t(`manifestStaff.${outcome.reason}`), REFUSAL_STATUS[outcome.reason]);
  const { flight, bookings, accesses } = outcome.manifest;
  const route = `${cityName(flight.from, language)} (${flight.fromIcao}) → ${cityName(flight.to, language)} (${flight.toIcao})`;
  return {
    title: `${t("manifestStaff.title", { route })} – ${t("layout.titleAdmin")}`,
    flight: {
      id: flight.id,
      route,
      departure: t("manifestStaff.flight.departureValue", {
        day: formatDay(flight.departureDate, language),
        time: formatTime(flight.departureDate),
      }),
      aircraftType: flight.aircraftType,
      operatorName: flight.operatorName,
      operatorAoc: flight.operatorAoc,
      aircraftRegistration: flight.aircraftRegistration,
    },
    bookings,
    accesses: accesses.map((access) => ({
      id: access.id,
      who: access.firstName === null ? null : `${access.firstName} ${access.lastName ?? ""}`.trim(),
      action: access.action,
      at: formatDateTime(access.createdAt),
    })),
  };
}

export default function FlightManifestPage() {
  const { flight, bookings, accesses } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const base = `/admin/flights/${flight.id}/manifest`;
  const details: Array<[string, string | null]> = [
    [t("manifestStaff.flight.departure"), flight.departure],
    [t("manifestStaff.flight.aircraft"), flight.aircraftType],
    [t("manifestStaff.flight.registration"), flight.aircraftRegistration],
    [t("manifestStaff.flight.operator"), flight.operatorName],
    [t("manifestStaff.flight.aoc"), flight.operatorAoc],
  ];
  return (
    <section aria-labelledby="manifest-heading" className="space-y-6">
      <Link to="/admin" className="text-sm font-semibold text-navy-800 underline">
        ← {t("manifestStaff.back")}
      </Link>
      <h2 id="manifest-heading" className="text-2xl font-bold">
        {t("manifestStaff.title", { route: flight.route })}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-4 text-sm ring-1 ring-navy-100 sm:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label}>
            <dt className="text-navy-700">{label}</dt>
            <dd className="font-semibold">{value ?? t("manifestStaff.flight.notSet")}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="manifest-exports-heading" className="space-y-2">
        <h3 id="manifest-exports-heading" className="text-lg font-bold">
          {t("manifestStaff.exports.heading")}
        </h3>
        <div className="flex flex-wrap gap-3">
          {/* Plain links: the browser downloads the files, with or without JavaScript. */}
          <a href={`${base}.csv`} download className={exportButton}>
            {t("manifestStaff.exports.csv")}
          </a>
          <a href={`${base}.pdf`} download className={exportButton}>
            {t("manifestStaff.exports.pdf")}
          </a>
        </div>
        <p className="text-sm text-navy-700">{t("manifestStaff.exports.note")}</p>
      </section>
      <p role="status" className="text-sm text-navy-700">
        {t("manifestStaff.bookings", { count: bookings.length })}
      </p>
      <ManifestBookings bookings={bookings} />
      <AccessLog entries={accesses} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);

/** An unknown flight: its own 404, with the way back to the flights; anything else goes to the root's boundary. */
export function ErrorBoundary() {
  const { t } = useTranslation("admin");
  return (
    <NotFoundPanel
      title={t("manifestStaff.notFoundTitle")}
      text={t("manifestStaff.notFound")}
      linkTo="/admin"
      linkLabel={t("manifestStaff.back")}
    />
  );
}
