import type { AppLoadContext } from "@remix-run/cloudflare";

import { cityName } from "#app/content/city-names";
import { listRerouteDetails } from "#app/flights/reroute.queries.server";
import { getRequestI18n } from "#app/i18n.server";
import { formatDateTime, formatEuros } from "#app/utils/format";

/** The line a rerouted leg's request adds to its card: the leg, the other airport, the positioning and its estimate. */
export async function rerouteLines(request: Request, context: AppLoadContext, requestIds: string[]) {
  const { t, language } = await getRequestI18n(request, context, "offers");
  const details = await listRerouteDetails(context.db, requestIds);
  return new Map(
    details.map((detail) => [
      detail.requestId,
      [
        t("inbox.reroute", {
          leg: `${cityName(detail.legFrom, language)} → ${cityName(detail.legTo, language)}`,
          date: formatDateTime(detail.legDeparture),
          change: t(`inbox.change.${detail.end}`),
          airport: `${cityName(detail.airport, language)} (${detail.airportCode})`,
          km: detail.km,
          minutes: detail.minutes,
          price: formatEuros(detail.estimateCents / 100, language),
        }),
      ],
    ]),
  );
}
