import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requirePermission } from "#app/accounts/session.server";
import { flightHistory } from "#app/flights/admin-flights.server";
import { getRequestI18n } from "#app/i18n.server";
import { boundedParam, invariantResponse } from "#app/utils/responses.server";

/**
 * Polled by an open history expander of the flights tab; a failed read is a 500 with `{ error: true }`.
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
