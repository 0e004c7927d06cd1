import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listFlightLogs } from "#app/models/flight-logs.server";
import { HISTORY_LIMIT } from "#app/services/admin-flights.server";
import { toHistoryEntry } from "#app/services/flight-history";
import { requirePermission } from "#app/utils/session.server";

/**
 * One flight's history as JSON, newest first: what an open history expander of the
 * flights tab polls (back-office.md section 7). A failed read answers 500 with
 * `{ error: true }`, shown as 'Erreur lors de la récupération des logs'.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "flights:manage");
  const headers = { "Cache-Control": "no-store" };
  try {
    const rows = await listFlightLogs(context.db, params.flightId ?? "", HISTORY_LIMIT);
    return Response.json({ entries: rows.map(toHistoryEntry) }, { headers });
  } catch (error) {
    console.error("admin: the flight history could not be read", error);
    return Response.json({ error: true }, { status: 500, headers });
  }
}
