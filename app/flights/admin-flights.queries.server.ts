import { and, asc, count, eq, gte, inArray, or, sql } from "drizzle-orm";

import { airportColumns, arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { liveSeatColumns, liveSeats } from "#app/db/live-seats.server";
import { flights, users } from "#app/db/schema";

/** The seats counted as the traveller pages count them: a hold past its end is not held. */
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
  soldOutOverride: flights.soldOutOverride,
  departureTimeType: flights.departureTimeType,
  timeSlot: flights.timeSlot,
  flexibilityDays: flights.flexibilityDays,
  source: flights.source,
  status: flights.status,
  cancelledAt: flights.cancelledAt,
  cancelReason: flights.cancelReason,
  cancelNote: flights.cancelNote,
  cancelledByFirstName: users.firstName,
  cancelledByLastName: users.lastName,
  operatorName: flights.operatorName,
  operatorAoc: flights.operatorAoc,
  operatorState: flights.operatorState,
  aircraftRegistration: flights.aircraftRegistration,
  terminal: flights.terminal,
  checkInMinutes: flights.checkInMinutes,
  manifestDeadlineHours: flights.manifestDeadlineHours,
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
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .leftJoin(users, eq(flights.cancelledBy, users.id));
}

export async function findStaffFlight(db: Db, flightId: string, now: Date) {
  const [row] = await staffFlights(db, now).where(eq(flights.id, flightId)).limit(1);
  return row ?? null;
}

export const flightLabel = (flight: {
  departureAirport: { servedCity: string };
  arrivalAirport: { servedCity: string };
}) => `${flight.departureAirport.servedCity} → ${flight.arrivalAirport.servedCity}`;

export type AdminFlightQuery = {
  now: Date;
  airportIds: number[] | null;
  page: number;
  pageSize: number;
};

/** Limit and offset on the departure_date index, the search on airport ids: the same cost with thousands of flights. */
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

/** One round trip. The chart's first day counts from now: flights that left earlier today offer nothing any more. */
export async function dashboardFigures(
  db: Db,
  { now, today, chartDays }: { now: Date; today: DayRange; chartDays: DayRange[] },
) {
  const nowMs = now.getTime();
  const seats = liveSeats(now);
  const active = sql`(${flights.departureDate} >= ${nowMs} and ${flights.status} = 'scheduled' and not ${seats.soldOut})`;
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
