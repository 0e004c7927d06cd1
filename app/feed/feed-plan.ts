// Which flight of ours each feed flight is, and what the sync writes for it; pure. The rules: docs/sync.md 'A leg's identity'.
import { rescheduleImpact } from "#app/flights/reschedule";
import type { SkippedFlight, SyncSkipReason } from "#app/utils/constants";

import type { FeedFlightRow, FlightUpdateRow, KnownFlight } from "./types";

export const MOVE_WINDOW_MS = 24 * 3_600_000;

export type SyncPlan = {
  updates: FlightUpdateRow[];
  inserts: FeedFlightRow[];
  cancelledIds: string[];
  seenIds: string[];
  releasedLegs: string[];
  skips: PlannedSkip[];
};

export type PlannedSkip = Omit<SkippedFlight, "fromCity" | "toCity">;

const routeOf = (flight: { fromIcao: string; toIcao: string }) => `${flight.fromIcao}|${flight.toIcao}`;
export const feedKey = (flight: { fromIcao: string; toIcao: string }, departureMs: number) =>
  `${routeOf(flight)}|${departureMs}`;

/** A new announced departure moves the flight; the same one keeps staff's time. */
export function feedUpdate(current: KnownFlight, feed: FeedFlightRow): FlightUpdateRow | null {
  const moved = current.feedDepartureMs !== feed.departureMs;
  const departureMs = moved ? feed.departureMs : current.departureMs;
  const legId = feed.legId ?? current.legId;
  const pairs: Array<[string, unknown, unknown]> = [
    ["departure_date", current.departureMs, departureMs],
    ["feed_departure_date", current.feedDepartureMs, feed.departureMs],
    ["feed_leg_id", current.legId, legId],
    ["arrival_date", current.arrivalMs, feed.arrivalMs],
    ["flight_time", current.flightTime, feed.flightTime],
    ["feed_seats", current.feedSeats, feed.seats],
    ["feed_probability", current.feedProbability, feed.probability],
    ...carrierPairs(current, feed),
  ];
  const changed = pairs.filter(([, before, after]) => before !== after);
  if (changed.length === 0) return null;
  const previous = { departureMs: current.departureMs, arrivalMs: current.arrivalMs };
  return {
    id: current.id,
    departureMs,
    feedDepartureMs: feed.departureMs,
    legId,
    arrivalMs: feed.arrivalMs,
    flightTime: feed.flightTime,
    seats: feed.seats,
    probability: feed.probability,
    operator: feed.operator ?? null,
    registration: feed.registration ?? null,
    changedFields: changed.map(([field]) => field),
    oldValues: Object.fromEntries(changed.map(([field, before]) => [field, before])),
    newValues: Object.fromEntries(changed.map(([field, , after]) => [field, after])),
    previous,
    impact: rescheduleImpact(previous, { departureMs, arrivalMs: feed.arrivalMs }),
  };
}

/** Only what the feed names: a carrier it leaves out is not erased. */
function carrierPairs(current: KnownFlight, feed: FeedFlightRow): Array<[string, unknown, unknown]> {
  const pairs: Array<[string, unknown, unknown]> = [];
  if (feed.operator)
    pairs.push(
      ["operator_name", current.operatorName, feed.operator.name],
      ["operator_aoc", current.operatorAoc, feed.operator.aoc],
      ["operator_state", current.operatorState, feed.operator.state],
    );
  if (feed.registration) pairs.push(["aircraft_registration", current.registration, feed.registration]);
  return pairs;
}

export function planSync({
  feedFlights,
  known,
  readable,
  missableCount,
  nowMs,
}: {
  feedFlights: FeedFlightRow[];
  known: KnownFlight[];
  readable: boolean;
  missableCount: number;
  nowMs: number;
}): SyncPlan {
  // Copies: a row whose leg id goes to another flight loses it here too.
  const rows = [...new Map(known.map((row) => [row.id, { ...row }])).values()];
  const byLeg = new Map(rows.filter((row) => row.legId !== null).map((row) => [row.legId!, row]));
  const byKey = new Map(
    rows.filter((row) => row.feedDepartureMs !== null).map((row) => [feedKey(row, row.feedDepartureMs!), row]),
  );
  const plan: SyncPlan = { updates: [], inserts: [], cancelledIds: [], seenIds: [], releasedLegs: [], skips: [] };
  const taken = new Set<string>();
  const skip = (flight: FeedFlightRow, reason: SyncSkipReason) =>
    plan.skips.push({ reason, from: flight.fromIcao, to: flight.toIcao, departure: flight.departureMs });
  const onRoute = groupBy(rows, routeOf);
  type Slots = { departureMs: number; feedDepartureMs: number | null };
  const holdsSlot = (flight: FeedFlightRow, except: string, slots = (row: KnownFlight): Slots => row) =>
    (onRoute.get(routeOf(flight)) ?? []).some((row) => {
      const { departureMs, feedDepartureMs } = slots(row);
      return row.id !== except && (departureMs === flight.departureMs || feedDepartureMs === flight.departureMs);
    });

  const take = (row: KnownFlight, flight: FeedFlightRow) => {
    taken.add(row.id);
    plan.seenIds.push(row.id);
    if (flight.cancelled) return void plan.cancelledIds.push(row.id);
    const moving = row.feedDepartureMs !== flight.departureMs;
    if (moving && row.status === "cancelled") return;
    if (moving && holdsSlot(flight, row.id)) return skip(flight, "conflict");
    const update = feedUpdate(row, flight);
    if (update) plan.updates.push(update);
  };

  // The leg id first: it names the flight, unless it now leaves a day or more from the time we hold.
  const rest: FeedFlightRow[] = [];
  for (const flight of feedFlights) {
    const row = flight.legId === undefined ? undefined : byLeg.get(flight.legId);
    if (!row) rest.push(flight);
    else if (routeOf(row) !== routeOf(flight)) {
      taken.add(row.id);
      plan.seenIds.push(row.id);
      skip(flight, "routeChanged");
    } else if (!flight.cancelled && moveDistance(row, flight) > MOVE_WINDOW_MS) {
      plan.releasedLegs.push(row.id);
      row.legId = null;
      rest.push(flight);
    } else take(row, flight);
  }
  const unmatched: FeedFlightRow[] = [];
  for (const flight of rest) {
    const row = byKey.get(feedKey(flight, flight.departureMs));
    if (!row) {
      if (!flight.cancelled) unmatched.push(flight);
    } else if (taken.has(row.id)) skip(flight, "conflict");
    else take(row, flight);
  }

  // A flight the list leaves out and a new one near it, on its route and aircraft: one flight, moved.
  const missable = (row: KnownFlight) => row.status === "scheduled" && row.source === "feed" && row.departureMs > nowMs;
  const candidatesOnRoute = groupBy(
    rows.filter((row) => !taken.has(row.id) && !plan.releasedLegs.includes(row.id) && missable(row)),
    routeOf,
  );
  const pairs = unmatched.flatMap((flight) =>
    (candidatesOnRoute.get(routeOf(flight)) ?? [])
      .filter((row) => row.aircraftType === flight.aircraftType)
      .map((row) => ({ flight, row, distance: moveDistance(row, flight) }))
      .filter((pair) => pair.distance <= MOVE_WINDOW_MS),
  );
  pairs.sort((a, b) => a.distance - b.distance);
  const paired = new Map<FeedFlightRow, KnownFlight>();
  const pairedRows = new Set<string>();
  for (const { flight, row } of pairs) {
    if (paired.has(flight) || pairedRows.has(row.id)) continue;
    paired.set(flight, row);
    pairedRows.add(row.id);
  }
  const listed = rows.filter((row) => taken.has(row.id) && missable(row)).length + paired.size;
  const complete = readable && listed * 2 >= missableCount;
  for (const [flight, row] of paired) {
    if (complete) take(row, flight);
    else skip(flight, "moveUnconfirmed");
  }

  // The rest is new, unless a flight of ours will still hold its slot once the updates are written.
  const updates = new Map(plan.updates.map((update) => [update.id, update]));
  const slotsAfter = (row: KnownFlight) => updates.get(row.id) ?? row;
  for (const flight of unmatched) {
    if (paired.has(flight)) continue;
    if (holdsSlot(flight, "", slotsAfter)) skip(flight, "conflict");
    else plan.inserts.push(flight);
  }
  return plan;
}

function moveDistance(row: KnownFlight, flight: FeedFlightRow) {
  const fromDeparture = Math.abs(row.departureMs - flight.departureMs);
  const fromAnnounced = row.feedDepartureMs === null ? Infinity : Math.abs(row.feedDepartureMs - flight.departureMs);
  return Math.min(fromDeparture, fromAnnounced);
}

function groupBy<T>(items: T[], keyOf: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
