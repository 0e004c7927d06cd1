/**
 * The back-office's flight queries and writes (back-office.md sections 2 and 7,
 * DECISIONS.md D1 and D6): the flights tab's figures and list, the edit panel, the
 * sold-out toggle and /new-flight. Every write is one `db.batch` of a conditional
 * statement and its flight_logs row, so a change never exists without its trace.
 */
import { and, asc, count, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { airports, flights, type TIME_SLOTS } from "#app/db/schema";
import { flightLogInsert, type FlightLogEntry } from "./flight-logs.queries.server";
import { airportColumns, arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import { liveSeatColumns, liveSeats } from "#app/db/live-seats.server";

/**
 * A flight as staff see and edit it at `now`: the computed values and what they come
 * from. The seats are counted as the traveller pages count them (live-seats.server.ts:
 * a hold past its end is not held).
 */
const staffFlightColumns = (now: Date) => ({
  id: flights.id,
  departureDate: flights.departureDate,
  arrivalDate: flights.arrivalDate,
  flightTime: flights.flightTime,
  aircraftType: flights.aircraftType,
  pricePerMinute: flights.pricePerMinute,
  probability: flights.probability,
  feedProbability: flights.feedProbability,
  probabilityOverride: flights.probabilityOverride,
  feedSeats: flights.feedSeats,
  seatsOverride: flights.seatsOverride,
  ...liveSeatColumns(now),
  soldoutOverride: flights.soldoutOverride,
  departureTimeType: flights.departureTimeType,
  timeSlot: flights.timeSlot,
  flexibilityDays: flights.flexibilityDays,
  source: flights.source,
  updatedAt: flights.updatedAt,
  departureAirport: airportColumns(departureAirport),
  arrivalAirport: airportColumns(arrivalAirport),
});

export type StaffFlight = Awaited<ReturnType<typeof findStaffFlight>> & {};

function staffFlights(db: Db, now: Date) {
  return db
    .select(staffFlightColumns(now))
    .from(flights)
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id));
}

export async function findStaffFlight(db: Db, flightId: string, now: Date) {
  const [row] = await staffFlights(db, now).where(eq(flights.id, flightId)).limit(1);
  return row ?? null;
}

/** "Genève → Nice": how a flight's history names it. */
export const flightLabel = (flight: {
  departureAirport: { servedCity: string };
  arrivalAirport: { servedCity: string };
}) => `${flight.departureAirport.servedCity} → ${flight.arrivalAirport.servedCity}`;

// The flights tab ---------------------------------------------------------------

export type AdminFlightQuery = {
  now: Date;
  /** Airports whose city matched the search: flights from or to them; null: no search. */
  airportIds: number[] | null;
  page: number;
  pageSize: number;
};

/**
 * One page of the upcoming flights, soonest first, and how many there are: limit and
 * offset on the departure_date index, the search on the airport ids (indexed too), so a
 * page costs the same with thousands of flights. Two queries sent at once.
 */
export async function queryAdminFlights(db: Db, { now, airportIds, page, pageSize }: AdminFlightQuery) {
  if (airportIds !== null && airportIds.length === 0) return { flights: [], total: 0 };
  const where = and(
    gte(flights.departureDate, now),
    airportIds === null
      ? undefined
      : or(inArray(flights.departureAirportId, airportIds), inArray(flights.arrivalAirportId, airportIds)),
  );
  const [rows, [totals]] = await Promise.all([
    staffFlights(db, now)
      .where(where)
      .orderBy(asc(flights.departureDate), asc(flights.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(flights).where(where),
  ]);
  return { flights: rows, total: totals?.total ?? 0 };
}

export type DayRange = { start: Date; end: Date };

/**
 * The four tiles and the seats chart in one round trip (back-office.md section 2):
 * - active flights: departing now or later and not sold out;
 * - total available seats of those (both counted live: a hold past its end is not held);
 * - flights today: departures within today's Zurich day, whatever their status;
 * - average duration in minutes of the active flights (0 when there are none);
 * - the seats of the active flights per Zurich day of `chartDays` (the first day counts
 *   from now: flights that left earlier today offer nothing any more).
 */
export async function dashboardFigures(
  db: Db,
  { now, today, chartDays }: { now: Date; today: DayRange; chartDays: DayRange[] },
) {
  const nowMs = now.getTime();
  const seats = liveSeats(now);
  const active = sql`(${flights.departureDate} >= ${nowMs} and not ${seats.soldOut})`;
  // Which chart day a departure falls on: the first day whose end is after it.
  const bucket = sql.join(
    [
      sql`case`,
      ...chartDays.map((day, index) => sql`when ${flights.departureDate} < ${day.end.getTime()} then ${index}`),
      sql`end`,
    ],
    sql` `,
  );
  const chartEnd = chartDays.at(-1)?.end ?? now;
  const [[tiles], chart] = await db.batch([
    db
      .select({
        activeFlights: sql<number>`coalesce(sum(case when ${active} then 1 else 0 end), 0)`,
        availableSeats: sql<number>`coalesce(sum(case when ${active} then ${seats.available} else 0 end), 0)`,
        flightsToday: sql<number>`coalesce(sum(case when ${flights.departureDate} >= ${today.start.getTime()} and ${flights.departureDate} < ${today.end.getTime()} then 1 else 0 end), 0)`,
        averageMinutes: sql<number>`coalesce(round(avg(case when ${active} then ${flights.flightTime} end)), 0)`,
      })
      .from(flights)
      .where(gte(flights.departureDate, new Date(Math.min(nowMs, today.start.getTime())))),
    db
      .select({
        day: sql<number>`${bucket}`.as("day"),
        seats: sql<number>`sum(${seats.available})`.as("seats"),
      })
      .from(flights)
      .where(and(sql`${active}`, sql`${flights.departureDate} < ${chartEnd.getTime()}`))
      .groupBy(sql`1`),
  ]);
  const seatsByDay = new Map(chart.map((row) => [Number(row.day), Number(row.seats)]));
  return {
    tiles: {
      activeFlights: Number(tiles?.activeFlights ?? 0),
      availableSeats: Number(tiles?.availableSeats ?? 0),
      flightsToday: Number(tiles?.flightsToday ?? 0),
      averageMinutes: Number(tiles?.averageMinutes ?? 0),
    },
    seatsPerDay: chartDays.map((_, index) => seatsByDay.get(index) ?? 0),
  };
}

// The edit panel ------------------------------------------------------------------

type TimeSlot = (typeof TIME_SLOTS)[number];

/** What the edit panel sets: every value, whether or not it changed. */
export type FlightEdit = {
  probabilityOverride: number;
  seatsOverride: number;
  departureDate: Date;
  arrivalDate: Date;
  departureTimeType: "exact" | "slot";
  timeSlot: TimeSlot | null;
};

/** The log's column names for the edit panel's values. */
const EDIT_COLUMNS = {
  probabilityOverride: "probability_override",
  seatsOverride: "seats_override",
  departureDate: "departure_date",
  arrivalDate: "arrival_date",
  departureTimeType: "departure_time_type",
  timeSlot: "time_slot",
} as const satisfies Record<keyof FlightEdit, string>;

const logValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const sameValue = (a: unknown, b: unknown) => logValue(a) === logValue(b);

export type SaveEditResult =
  | { status: "saved"; changed: boolean }
  | { status: "not-found" }
  /** Fewer seats than orders already hold. */
  | { status: "seats-held"; held: number }
  /** Another flight of the same route already leaves at that time. */
  | { status: "taken" }
  /** The flight changed under every attempt (orders, the sync): try again. */
  | { status: "busy" };

const ATTEMPTS = 3;

/**
 * Saves the edit panel of `flight` (as read just before): one batch of a conditional
 * UPDATE and its log row. The update applies only if the row is still the one read
 * (same updated_at) and the orders hold no more seats than the new count; otherwise
 * the flight is read again and the edit retried, so the log's old values are always
 * the ones replaced. Seats below those held (by live holds: a hold past its end is
 * given back by the cron) are refused.
 */
export async function saveFlightEdit(
  db: Db,
  {
    flightId,
    edit,
    staffId,
    now,
  }: {
    flightId: string;
    edit: (flight: StaffFlight) => FlightEdit;
    staffId: string;
    now: Date;
  },
): Promise<SaveEditResult> {
  const seats = liveSeats(now);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const flight = await findStaffFlight(db, flightId, now);
    if (!flight) return { status: "not-found" };
    const next = edit(flight);
    if (next.seatsOverride < flight.heldSeats) return { status: "seats-held", held: flight.heldSeats };
    const keys = (Object.keys(EDIT_COLUMNS) as Array<keyof FlightEdit>).filter(
      (key) => !sameValue(flight[key], next[key]),
    );
    if (keys.length === 0) return { status: "saved", changed: false };
    const update = db
      .update(flights)
      .set({ ...next, refreshedAt: now, updatedAt: now })
      .where(
        sql`${flights.id} = ${flightId} and ${flights.updatedAt} = ${flight.updatedAt.getTime()} and ${seats.held} <= ${next.seatsOverride}`,
      );
    const log = flightLogInsert(
      db,
      {
        flightId,
        flightLabel: flightLabel(flight),
        action: "UPDATE",
        changedFields: keys.map((key) => EDIT_COLUMNS[key]),
        oldValues: Object.fromEntries(keys.map((key) => [EDIT_COLUMNS[key], logValue(flight[key])])),
        newValues: Object.fromEntries(keys.map((key) => [EDIT_COLUMNS[key], logValue(next[key])])),
        actor: "staff",
        changedBy: staffId,
        changedAt: now,
      },
      { afterChange: true },
    );
    try {
      const [result] = await db.batch([update, log]);
      if (result.meta.changes === 1) return { status: "saved", changed: true };
    } catch (error) {
      if (isUniqueViolation(error)) return { status: "taken" };
      throw error;
    }
  }
  return { status: "busy" };
}

/** drizzle wraps D1's error (STACK.md trap 6): the SQLite message is on `cause`. */
function isUniqueViolation(error: unknown): boolean {
  const messages = [error, (error as { cause?: unknown })?.cause].map((item) =>
    item instanceof Error ? item.message : "",
  );
  return messages.some((message) => message.includes("UNIQUE constraint failed"));
}

// The sold-out toggle ---------------------------------------------------------------

export type SoldoutResult = {
  status: "saved" | "unchanged" | "not-found" | "no-seats";
};

/**
 * Marks a flight sold out (soldout_override true) or puts it back on sale (the override
 * cleared, so the seats decide again). A flight without a seat left cannot be put back
 * on sale: staff first give it seats. The update is conditional on the status it
 * changes, as the list shows it (live seats), and logged in the same batch.
 */
export async function setFlightSoldout(
  db: Db,
  { flightId, soldout, staffId, now }: { flightId: string; soldout: boolean; staffId: string; now: Date },
): Promise<SoldoutResult> {
  const flight = await findStaffFlight(db, flightId, now);
  if (!flight) return { status: "not-found" };
  if (flight.isSoldout === soldout) return { status: "unchanged" };
  if (!soldout && flight.availableSeats === 0) return { status: "no-seats" };
  const live = liveSeats(now);
  const update = db
    .update(flights)
    .set({
      soldoutOverride: soldout ? true : null,
      refreshedAt: now,
      updatedAt: now,
    })
    .where(
      sql`${flights.id} = ${flightId} and ${live.soldOut} = ${soldout ? 0 : 1} and ${live.available} >= ${soldout ? 0 : 1}`,
    );
  const log = flightLogInsert(
    db,
    {
      flightId,
      flightLabel: flightLabel(flight),
      action: "UPDATE",
      changedFields: ["is_soldout"],
      oldValues: { is_soldout: !soldout },
      newValues: { is_soldout: soldout },
      actor: "staff",
      changedBy: staffId,
      changedAt: now,
    },
    { afterChange: true },
  );
  const [result] = await db.batch([update, log]);
  return { status: result.meta.changes === 1 ? "saved" : "unchanged" };
}

// A new flight ------------------------------------------------------------------------

/** The airports /new-flight matches a typed city against. */
export function listAirportsForMatching(db: Db) {
  return db
    .select({
      id: airports.id,
      icaoCode: airports.icaoCode,
      servedCity: airports.servedCity,
      latitude: airports.latitude,
      longitude: airports.longitude,
    })
    .from(airports);
}

/** An existing airport, or one to create with a placeholder code (docs/back-office.md). */
export type AirportChoice =
  { kind: "existing"; icaoCode: string; servedCity: string } | { kind: "new"; icaoCode: string; servedCity: string };

export type NewStaffFlight = {
  id: string;
  departure: AirportChoice;
  arrival: AirportChoice;
  departureDate: Date;
  arrivalDate: Date;
  flightTime: number;
  aircraftType: string;
  pricePerMinute: number;
  seats: number;
  probability: number;
  flexibilityDays: number;
  departureTimeType: "exact" | "slot";
  timeSlot: TimeSlot | null;
};

/**
 * Creates a staff flight, the airports it needs and its INSERT log in one batch: the
 * flight finds its airports by code inside the batch, so nothing is left half-made.
 * A second flight of the same route at the same instant is refused ("taken").
 */
export async function createStaffFlight(
  db: Db,
  { flight, staffId, now }: { flight: NewStaffFlight; staffId: string; now: Date },
): Promise<{ status: "created" | "taken" }> {
  const airportId = (choice: AirportChoice) => sql`(select id from airports where icao_code = ${choice.icaoCode})`;
  const newAirports = [flight.departure, flight.arrival].filter((choice) => choice.kind === "new");
  const values = {
    departure_date: flight.departureDate.toISOString(),
    arrival_date: flight.arrivalDate.toISOString(),
    flight_time: flight.flightTime,
    aircraft_type: flight.aircraftType,
    price_per_minute: flight.pricePerMinute,
    feed_seats: flight.seats,
    feed_probability: flight.probability,
    departure_time_type: flight.departureTimeType,
    time_slot: flight.timeSlot,
    flexibility_days: flight.flexibilityDays,
    source: "staff",
  };
  const log: FlightLogEntry = {
    flightId: flight.id,
    flightLabel: `${flight.departure.servedCity} → ${flight.arrival.servedCity}`,
    action: "INSERT",
    changedFields: Object.keys(values),
    oldValues: null,
    newValues: values,
    actor: "staff",
    changedBy: staffId,
    changedAt: now,
  };
  try {
    const insertFlight = db.insert(flights).values({
      id: flight.id,
      departureAirportId: airportId(flight.departure) as unknown as number,
      arrivalAirportId: airportId(flight.arrival) as unknown as number,
      departureDate: flight.departureDate,
      arrivalDate: flight.arrivalDate,
      flightTime: flight.flightTime,
      aircraftType: flight.aircraftType,
      pricePerMinute: flight.pricePerMinute,
      // A staff flight has no feed: its base values are the staff's. No override yet, so
      // the panel says 'Probabilité à vérifier' until someone saves the edit panel.
      feedSeats: flight.seats,
      feedProbability: flight.probability,
      departureTimeType: flight.departureTimeType,
      timeSlot: flight.timeSlot,
      flexibilityDays: flight.flexibilityDays,
      source: "staff",
      refreshedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const insertAirports = newAirports.map((choice) =>
      db.insert(airports).values({
        icaoCode: choice.icaoCode,
        servedCity: choice.servedCity,
        country: "Unknown",
      }),
    );
    const [first, ...rest] = [...insertAirports, insertFlight, flightLogInsert(db, log)];
    await db.batch([first!, ...rest]);
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
  return { status: "created" };
}
