// A flight's manifest for staff and the operator (docs/privacy.md 'Manifests'): every live booking opened
// through manifest.server.ts, each view and export recorded before anything is shown.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ManifestAccessAction, OrderStatus } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";

import { findManifestFlight, listManifestAccess, type ManifestFlight } from "./flight-manifest.queries.server";
import { filledFieldCounts, recordManifestAccess } from "./manifest.queries.server";
import { manifestDeadline, missingFields, openManifest, travellersOf } from "./manifest.server";
import { type ManifestBooking, type ManifestState, manifestStateOf } from "./manifest-state";
import { listLiveFlightOrders } from "./order-life.queries.server";

export type FlightManifest = {
  flight: ManifestFlight;
  bookings: ManifestBooking[];
  accesses: Awaited<ReturnType<typeof listManifestAccess>>;
};

export type FlightManifestOutcome =
  { ok: true; manifest: FlightManifest } | { ok: false; reason: "notFound" | "failed" };

/**
 * The flight, its pending, processing and completed orders' lines in the clear, and the latest access records.
 * The access (`view`, `csv`, `pdf`) is written first: what cannot be recorded is not shown.
 */
export async function openFlightManifest(
  context: AppLoadContext,
  { flightId, userId, action }: { flightId: string; userId: string; action: Exclude<ManifestAccessAction, "edit"> },
): Promise<FlightManifestOutcome> {
  try {
    const flight = await findManifestFlight(context.db, flightId);
    if (!flight) return { ok: false, reason: "notFound" };
    await recordManifestAccess(context.db, { flightId, orderId: null, userId, action, now: context.now() });
    const bookings: ManifestBooking[] = [];
    for (const { id } of await listLiveFlightOrders(context.db, flightId)) {
      const opened = await openManifest(context, id);
      if (!opened) continue;
      bookings.push({
        orderId: id,
        reference: opened.order.reference ?? id,
        state: manifestStateOf(opened.missing, opened.access !== "open"),
        lines: opened.lines.map(({ version: _version, ...line }) => line),
        luggagePieces: opened.order.luggagePieces,
        luggageKg: opened.order.luggageKg,
        pets: opened.order.pets,
      });
    }
    const accesses = await listManifestAccess(context.db, flightId);
    return { ok: true, manifest: { flight, bookings, accesses } };
  } catch (error) {
    logError("orders.flight-manifest-failed", error, { requestId: context.requestId, flightId, action });
    return { ok: false, reason: "failed" };
  }
}

type ListedOrder = {
  id: string;
  status: OrderStatus;
  seats: number;
  passengers: string[] | null;
  luggagePieces: number | null;
  luggageKg: number | null;
  departureDate: Date;
  manifestDeadlineHours: number;
};

/** The orders tab's badges: one count query for the page, nothing opened; a cancelled order has none. */
export async function manifestStates(
  context: AppLoadContext,
  orders: readonly ListedOrder[],
): Promise<Map<string, ManifestState>> {
  const live = orders.filter((order) => order.status !== "cancelled");
  const filled = await filledFieldCounts(
    context.db,
    live.map((order) => order.id),
  );
  const now = context.now();
  return new Map(
    live.map((order) => {
      const declared = order.luggagePieces !== null && order.luggageKg !== null;
      const missing = missingFields(travellersOf(order), filled.get(order.id) ?? 0, declared);
      return [order.id, manifestStateOf(missing, manifestDeadline(order) <= now)];
    }),
  );
}
