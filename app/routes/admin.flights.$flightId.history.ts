import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getRequestI18n } from "#app/i18n.server";
import { flightHistory } from "#app/flights/admin-flights.server";
import { requirePermission } from "#app/accounts/session.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";

/**
 * One flight's history as JSON, newest first: what an open history expander of the flights
 * tab polls (docs/back-office.md 'Edit panel, sold-out, history'). A failed read answers 500
 * with `{ error: true }`, shown as 'Erreur lors de la récupération des logs'; an id no row
 * can have is the translated 404 'Vol non trouvé'.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const flightId = boundedParam(params.flightId);
  const { t } = await getRequestI18n(request, context, "admin");
  invariantResponse(flightId, () => t("flights.errors.notFound"), 404);
  const outcome = await flightHistory(context.db, flightId);
  const headers = { "Cache-Control": "no-store" };
  if (!outcome.ok) return Response.json({ error: true }, { status: 500, headers });
  return Response.json({ entries: outcome.entries }, { headers });
}
