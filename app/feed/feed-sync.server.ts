/**
 * The feed sync (docs/sync.md, docs/decisions/009-feed-sync-in-batches.md): fetch the
 * operator's flights, skip the incomplete ones, add the airports we lack, update the
 * feed-owned fields of the flights we have (never a staff override nor the seats held
 * by orders), insert the new ones with the aircraft's rate, log every change, then tell
 * the subscribers of each new flight's departure country and the waitlists of flights
 * whose seats changed. In about four D1 round trips
 * whatever the number of flights; idempotent; never two runs at once (a lease in D1).
 */
import { DEFAULT_PROBABILITY } from "#app/utils/constants";
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  acquireSyncLease,
  finishSyncRun,
  upsertAirportsAndMatchFlights,
  writeSyncChanges,
  type FeedAirportRow,
  type FeedFlightRow,
  type FlightUpdateRow,
  type MatchedFlight,
  type NewFlightRow,
} from "./feed-sync.queries.server";
import { pricePerMinuteFor } from "#app/utils/aircraft";
import { z } from "#app/utils/zod";
import type { FeedFailure } from "./feed-client.server";
import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { logError } from "#app/utils/request-log.server";
import { getErrorMessage } from "#app/utils/error-message";
import { applyFeedCancellations, isCompleteFeed } from "./feed-cancellations.server";
import { addReschedule, newReschedules, tellFeedReschedules } from "./feed-reschedules.server";

export type SyncResult =
  | { ok: true; runId: number; created: number; updated: number; skipped: number; rowsWritten: number }
  | { ok: false; runId: number | null; failure: FeedFailure | { kind: "alreadyRunning" } };

/** The seats a flight shows when the feed does not say (docs/sync.md 'The algorithm'). */
const DEFAULT_SEATS = 6;

const code = z.string().trim().min(1).max(8);
const airportSchema = z.object({
  icao_code: code.transform((value) => value.toUpperCase()),
  served_city: z.string().trim().min(1).max(80),
  country: z.string().trim().min(1).max(60).catch("Unknown"),
  latitude: z.number().min(-90).max(90).catch(0),
  longitude: z.number().min(-180).max(180).catch(0),
});
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)));
const feedFlightSchema = z.object({
  departure_airport: airportSchema,
  arrival_airport: airportSchema,
  aircraft_type: z.object({ icao_code: code.transform((value) => value.toUpperCase()) }),
  departure_date: instant,
  arrival_date: instant,
  flight_time: z
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .optional()
    .catch(undefined),
  available_seats: z.number().int().min(0).max(8).catch(DEFAULT_SEATS),
  probability: z.number().int().min(0).max(100).catch(DEFAULT_PROBABILITY),
  // Only the exact word cancels (docs/sync.md 'A cancelled flight'); anything else is on sale.
  status: z.enum(["scheduled", "cancelled"]).optional().catch(undefined),
});

/** A valid feed flight as our rows need it, or null when it must be skipped. */
export function parseFeedFlight(
  raw: unknown,
): { flight: FeedFlightRow; airports: [FeedAirportRow, FeedAirportRow] } | null {
  const parsed = feedFlightSchema.safeParse(raw);
  if (!parsed.success) return null;
  const item = parsed.data;
  const departureMs = Date.parse(item.departure_date);
  const arrivalMs = Date.parse(item.arrival_date);
  const flightTime = item.flight_time ?? Math.round((arrivalMs - departureMs) / 60_000);
  if (
    arrivalMs <= departureMs ||
    flightTime <= 0 ||
    item.departure_airport.icao_code === item.arrival_airport.icao_code
  )
    return null;
  const airport = (a: typeof item.departure_airport): FeedAirportRow => ({
    icaoCode: a.icao_code,
    servedCity: a.served_city,
    country: a.country,
    latitude: a.latitude,
    longitude: a.longitude,
  });
  return {
    flight: {
      fromIcao: item.departure_airport.icao_code,
      toIcao: item.arrival_airport.icao_code,
      departureMs,
      arrivalMs,
      flightTime,
      aircraftType: item.aircraft_type.icao_code,
      seats: item.available_seats,
      probability: item.probability,
      cancelled: item.status === "cancelled",
    },
    airports: [airport(item.departure_airport), airport(item.arrival_airport)],
  };
}

const keyOf = (from: string, to: string, departureMs: number) => `${from}|${to}|${departureMs}`;

/** The feed-owned fields of a matched flight that the feed now gives otherwise. */
export function feedChanges(current: MatchedFlight, feed: FeedFlightRow): FlightUpdateRow | null {
  const pairs: Array<[string, number, number]> = [
    ["arrival_date", current.arrivalMs, feed.arrivalMs],
    ["flight_time", current.flightTime, feed.flightTime],
    ["feed_seats", current.feedSeats, feed.seats],
    ["feed_probability", current.feedProbability, feed.probability],
  ];
  const changed = pairs.filter(([, before, after]) => before !== after);
  if (changed.length === 0) return null;
  return {
    id: current.id,
    label: current.label,
    arrivalMs: feed.arrivalMs,
    flightTime: feed.flightTime,
    seats: feed.seats,
    probability: feed.probability,
    changedFields: changed.map(([field]) => field),
    oldValues: Object.fromEntries(changed.map(([field, before]) => [field, before])),
    newValues: Object.fromEntries(changed.map(([field, , after]) => [field, after])),
  };
}

/**
 * One sync run. `userId` is the staff member who pressed 'Sync API', null for the cron.
 * Nothing is written when the feed fails; the run is recorded either way.
 */
export async function syncFlightsFromFeed(
  context: AppLoadContext,
  { trigger, userId }: { trigger: "cron" | "manual"; userId: string | null },
): Promise<SyncResult> {
  const { db } = context;
  const runId = await acquireSyncLease(db, { trigger, userId, now: context.now() });
  if (runId === null) return { ok: false, runId: null, failure: { kind: "alreadyRunning" } };
  try {
    const fetched = await context.feed.fetchFlights();
    if (!fetched.ok) {
      const error =
        fetched.failure.kind === "http"
          ? `http ${fetched.failure.status}: ${fetched.failure.message}`
          : fetched.failure.kind;
      await finishSyncRun(
        db,
        runId,
        { status: "error", newCount: 0, updatedCount: 0, skippedCount: 0, error },
        context.now(),
      );
      return { ok: false, runId, failure: fetched.failure };
    }

    // Skip the incomplete, and the second of two flights announced with the same key.
    const flightsByKey = new Map<string, FeedFlightRow>();
    const airportsByIcao = new Map<string, FeedAirportRow>();
    let skipped = 0;
    for (const raw of fetched.flights) {
      const parsed = parseFeedFlight(raw);
      const key = parsed && keyOf(parsed.flight.fromIcao, parsed.flight.toIcao, parsed.flight.departureMs);
      if (!parsed || !key || flightsByKey.has(key)) {
        skipped++;
        continue;
      }
      flightsByKey.set(key, parsed.flight);
      for (const airport of parsed.airports)
        if (!airportsByIcao.has(airport.icaoCode)) airportsByIcao.set(airport.icaoCode, airport);
    }
    const feedFlights = [...flightsByKey.values()];

    const { airportIdByIcao, matched } = await upsertAirportsAndMatchFlights(
      db,
      [...airportsByIcao.values()],
      feedFlights,
    );
    const matchedByKey = new Map(
      matched.map((flight) => [keyOf(flight.fromIcao, flight.toIcao, flight.feedDepartureMs), flight]),
    );
    const inserts: NewFlightRow[] = [];
    const updates: FlightUpdateRow[] = [];
    const feedCancelledIds: string[] = [];
    const reschedules = newReschedules();
    for (const [key, flight] of flightsByKey) {
      const current = matchedByKey.get(key);
      // A cancelled flight is cancelled once it is ours, and never added (decision 032).
      if (flight.cancelled) {
        if (current) feedCancelledIds.push(current.id);
        continue;
      }
      if (current) {
        const update = feedChanges(current, flight);
        if (update) updates.push(update);
        addReschedule(reschedules, current, flight);
        continue;
      }
      inserts.push({
        ...flight,
        id: crypto.randomUUID(),
        fromId: airportIdByIcao.get(flight.fromIcao)!,
        toId: airportIdByIcao.get(flight.toIcao)!,
        pricePerMinute: pricePerMinuteFor(flight.aircraftType),
      });
    }

    const outcome = {
      status: "success" as const,
      newCount: inserts.length,
      updatedCount: updates.length,
      skippedCount: skipped,
      error: null,
    };
    const { rowsWritten, rescheduledOrders } = await writeSyncChanges(db, {
      inserts,
      updates,
      runId,
      outcome,
      userId,
      now: context.now(),
      reschedules,
    });
    await tellFeedReschedules(context, reschedules, rescheduledOrders);

    // Seats the feed gives back (or takes: a flight sold out again) on the flights we have:
    // their waitlists hear of it; `notifyWaitlist` never throws.
    const seatChanges = updates
      .filter((update) => update.changedFields.includes("feed_seats"))
      .map((update) => update.id);
    if (seatChanges.length > 0) await notifyWaitlist(context, { flightIds: seatChanges });

    // The feed's cancellations and its missing flights (never after a failed fetch: we are past it).
    await applyFeedCancellations(context, {
      runId,
      seenIds: matched.map((flight) => flight.id),
      feedCancelledIds,
      complete: isCompleteFeed({ listed: fetched.flights.length, valid: feedFlights.length }),
    });

    if (inserts.length > 0) {
      // The subscribers of each new flight's departure country hear of it now (spec
      // section 7); a failure there is logged and never undoes the sync.
      await sendFlightAlerts(context, { flightIds: inserts.map((flight) => flight.id) }).catch((error: unknown) =>
        logError("sync.alerts-failed", error, { requestId: context.requestId, syncRunId: runId }),
      );
    }
    return { ok: true, runId, created: inserts.length, updated: updates.length, skipped, rowsWritten };
  } catch (error) {
    logError("sync.failed", error, { requestId: context.requestId, syncRunId: runId });
    const message = getErrorMessage(error).slice(0, 500);
    await finishSyncRun(
      db,
      runId,
      { status: "error", newCount: 0, updatedCount: 0, skippedCount: 0, error: message },
      context.now(),
    ).catch((cause: unknown) =>
      logError("sync.record-failed", cause, { requestId: context.requestId, syncRunId: runId }),
    );
    return { ok: false, runId, failure: { kind: "unexpected" } };
  }
}

// Reads that routes and other domains use as they are (a domain's queries stay behind its services).
export { listRecentSyncRuns } from "./feed-sync.queries.server";
