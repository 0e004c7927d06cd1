// The back-office's flights tab, row forms, history and /new-flight: one typed outcome each, errors logged here.
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";

import { cityAliases } from "#app/content/city-names";
import { normaliseCity } from "#app/content/city-slug";
import { airportInLanguage } from "#app/content/place-names";
import { listAirportCities } from "#app/db/airport-cities.server";
import type { Db } from "#app/db/client.server";
import type { Language } from "#app/i18n";
import { estimatedFlightMinutes, pricePerMinuteFor, seatCapacityFor } from "#app/utils/aircraft";
import { DISPLAY_TIME_ZONE, formatTime, zurichDay } from "#app/utils/format";
import { pageParam, searchParam } from "#app/utils/list-params";
import { logError } from "#app/utils/request-log.server";
import { zurichDateTime, zurichDayRange } from "#app/utils/zurich-dates";

import type { FlightEditInput, FlightOperatorInput, NewFlightInput } from "./admin-flight-forms";
import { dashboardFigures, queryAdminFlights } from "./admin-flights.queries.server";
import { type Reschedule, saveFlightEdit, saveFlightOperator } from "./flight-edit.queries.server";
import { type HistoryEntry, toHistoryEntry } from "./flight-history";
import { listFlightLogs, listRecentFlightLogs } from "./flight-logs.queries.server";
import { setFlightSoldOut } from "./flight-sold-out.queries.server";
import { type AirportChoice, createStaffFlight, listAirportsForMatching } from "./new-flight.queries.server";
import { rescheduleImpact } from "./reschedule";

export const ADMIN_PAGE_SIZE = 20;
export const CHART_DAYS = 14;
export const HISTORY_ON_PAGE = 10;
export const HISTORY_LIMIT = 50;

export const cityContains = (city: string, wanted: string) => normaliseCity(city).includes(normaliseCity(wanted));

export function chartDays(now: Date, days = CHART_DAYS) {
  const today = new TZDate(now.getTime(), DISPLAY_TIME_ZONE);
  return Array.from({ length: days }, (_, index) => zurichDayRange(zurichDay(addDays(today, index))));
}

export async function loadFlightsTab(
  db: Db,
  { now, searchParams, language }: { now: Date; searchParams: URLSearchParams; language: Language },
) {
  const q = searchParam(searchParams);
  const page = pageParam(searchParams);
  // Cities are matched here, not in SQL: SQLite's lower() knows only ASCII (empty-legs.server.ts).
  const airportIds = q
    ? (await listAirportCities(db))
        .filter((airport) => cityAliases(airport.servedCity).some((name) => cityContains(name, q)))
        .map((airport) => airport.id)
    : null;
  const days = chartDays(now);
  const [figures, list] = await Promise.all([
    dashboardFigures(db, { now, today: days[0]!, chartDays: days }),
    queryAdminFlights(db, { now, airportIds, page, pageSize: ADMIN_PAGE_SIZE }),
  ]);
  const logs = await listRecentFlightLogs(
    db,
    list.flights.map((flight) => flight.id),
    HISTORY_ON_PAGE,
  );
  const history: Record<string, HistoryEntry[]> = {};
  for (const row of logs) (history[row.flightId!] ??= []).push(toHistoryEntry(row));
  return {
    q,
    page,
    pageCount: Math.max(1, Math.ceil(list.total / ADMIN_PAGE_SIZE)),
    total: list.total,
    tiles: figures.tiles,
    chart: days.map((day, index) => ({ day: zurichDay(day.start), seats: figures.seatsPerDay[index]! })),
    flights: list.flights.map(
      ({ cancelledAt, cancelReason, cancelNote, cancelledByFirstName, cancelledByLastName, ...flight }) => ({
        ...flight,
        departureAirport: airportInLanguage(flight.departureAirport, language),
        arrivalAirport: airportInLanguage(flight.arrivalAirport, language),
        cancellation:
          flight.status === "cancelled" && cancelledAt && cancelReason
            ? {
                at: cancelledAt,
                reason: cancelReason,
                note: cancelNote,
                by: cancelledByFirstName ? `${cancelledByFirstName} ${cancelledByLastName ?? ""}`.trim() : null,
              }
            : null,
      }),
    ),
    history,
  };
}

export type EditPanelOutcome =
  | { ok: true; intent: "edit"; result: "saved"; changed: boolean; reschedule?: Reschedule }
  | { ok: false; intent: "edit"; reason: "notFound" | "taken" | "busy" | "failed" }
  | { ok: false; intent: "edit"; reason: "seatsHeld"; held: number };

// An exact time moves the departure within its Zurich day and the arrival by the same shift; the sync matches
// on feed_departure_date, so the flight is never duplicated.
export async function saveEditPanel(
  db: Db,
  { input, staffId, now }: { input: FlightEditInput; staffId: string; now: Date },
): Promise<EditPanelOutcome> {
  try {
    const result = await saveFlightEdit(db, {
      flightId: input.flightId,
      staffId,
      now,
      impactOf: rescheduleImpact,
      edit: (flight) => {
        const exact = input.departureTimeType === "exact";
        const departureDate =
          exact && input.exactTime && input.exactTime !== formatTime(flight.departureDate)
            ? zurichDateTime(zurichDay(flight.departureDate), input.exactTime)
            : flight.departureDate;
        const shift = departureDate.getTime() - flight.departureDate.getTime();
        return {
          probabilityOverride: input.probability,
          seatsOverride: input.seats,
          departureDate,
          arrivalDate: new Date(flight.arrivalDate.getTime() + shift),
          departureTimeType: input.departureTimeType,
          timeSlot: exact ? null : (input.timeSlot ?? null),
        };
      },
    });
    switch (result.status) {
      case "saved":
        return { ok: true, intent: "edit", result: "saved", changed: result.changed, reschedule: result.reschedule };
      case "seatsHeld":
        return { ok: false, intent: "edit", reason: "seatsHeld", held: result.held };
      case "notFound":
        return { ok: false, intent: "edit", reason: "notFound" };
      default:
        return { ok: false, intent: "edit", reason: result.status };
    }
  } catch (error) {
    logError("flights.edit-failed", error, { flightId: input.flightId });
    return { ok: false, intent: "edit", reason: "failed" };
  }
}

export type OperatorPanelOutcome =
  | { ok: true; intent: "operator"; result: "saved" | "unchanged" }
  | { ok: false; intent: "operator"; reason: "notFound" | "busy" | "failed" };

export async function saveOperatorPanel(
  db: Db,
  { input, staffId, now }: { input: FlightOperatorInput; staffId: string; now: Date },
): Promise<OperatorPanelOutcome> {
  try {
    const result = await saveFlightOperator(db, {
      flightId: input.flightId,
      staffId,
      now,
      next: {
        operatorName: input.operatorName || null,
        operatorAoc: input.operatorAoc || null,
        operatorState: input.operatorState || null,
        aircraftRegistration: input.aircraftRegistration || null,
        terminal: input.terminal || null,
        checkInMinutes: input.checkInMinutes,
        manifestDeadlineHours: input.manifestDeadlineHours,
      },
    });
    if (result.status !== "saved") return { ok: false, intent: "operator", reason: result.status };
    return { ok: true, intent: "operator", result: result.changed ? "saved" : "unchanged" };
  } catch (error) {
    logError("flights.operator-failed", error, { flightId: input.flightId });
    return { ok: false, intent: "operator", reason: "failed" };
  }
}

export type SoldOutOutcome =
  | { ok: true; intent: "soldout"; result: "marked" | "unmarked" | "unchanged" }
  | { ok: false; intent: "soldout"; reason: "notFound" | "noSeats" | "failed" };

export async function toggleSoldOut(
  db: Db,
  { flightId, soldOut, staffId, now }: { flightId: string; soldOut: boolean; staffId: string; now: Date },
): Promise<SoldOutOutcome> {
  try {
    const { status } = await setFlightSoldOut(db, { flightId, soldOut, staffId, now });
    if (status === "notFound") return { ok: false, intent: "soldout", reason: "notFound" };
    if (status === "noSeats") return { ok: false, intent: "soldout", reason: "noSeats" };
    if (status === "unchanged") return { ok: true, intent: "soldout", result: "unchanged" };
    return { ok: true, intent: "soldout", result: soldOut ? "marked" : "unmarked" };
  } catch (error) {
    logError("flights.soldout-failed", error, { flightId });
    return { ok: false, intent: "soldout", reason: "failed" };
  }
}

export async function flightHistory(
  db: Db,
  flightId: string,
): Promise<{ ok: true; entries: HistoryEntry[] } | { ok: false; reason: "failed" }> {
  try {
    const rows = await listFlightLogs(db, flightId, HISTORY_LIMIT);
    return { ok: true, entries: rows.map(toHistoryEntry) };
  } catch (error) {
    logError("flights.history-failed", error, { flightId });
    return { ok: false, reason: "failed" };
  }
}

const slotStart = (slot: string) => `${slot.slice(0, 2)}:00`;

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** ICAO uses ZZZZ for an aerodrome without a code and no real code has eight characters: never taken for one. */
export function placeholderIcaoCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `ZZ${Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("")}`;
}

export type CreateFlightOutcome =
  { ok: true; flightId: string } | { ok: false; reason: "past" | "flightTimeNeeded" | "taken" | "failed" };

export async function createFlightFromForm(
  db: Db,
  { input, staffId, now }: { input: NewFlightInput; staffId: string; now: Date },
): Promise<CreateFlightOutcome> {
  const exact = input.departureTimeType === "exact";
  const departureDate = zurichDateTime(input.date, exact ? input.exactTime! : slotStart(input.timeSlot));
  if (departureDate.getTime() <= now.getTime()) return { ok: false, reason: "past" };
  try {
    const known = await listAirportsForMatching(db);
    const find = (city: string) => known.find((airport) => normaliseCity(airport.servedCity) === normaliseCity(city));
    const from = find(input.departureCity);
    const to = find(input.arrivalCity);
    const located = (airport: typeof from) =>
      airport !== undefined && (airport.latitude !== 0 || airport.longitude !== 0);
    const flightTime =
      input.flightTime ??
      (located(from) && located(to) ? estimatedFlightMinutes(from!, to!, input.aircraftType) : null);
    if (flightTime === null) return { ok: false, reason: "flightTimeNeeded" };

    const choice = (airport: typeof from, city: string): AirportChoice =>
      airport
        ? { kind: "existing", icaoCode: airport.icaoCode, servedCity: airport.servedCity }
        : { kind: "new", icaoCode: placeholderIcaoCode(), servedCity: city };
    const departure = choice(from, input.departureCity);
    // The same new city typed twice is refused by the schema; two new cities get two codes.
    const arrival = choice(to, input.arrivalCity);
    const flightId = crypto.randomUUID();
    const result = await createStaffFlight(db, {
      staffId,
      now,
      flight: {
        id: flightId,
        departure,
        arrival,
        departureDate,
        arrivalDate: new Date(departureDate.getTime() + flightTime * 60_000),
        flightTime,
        aircraftType: input.aircraftType,
        pricePerMinute: pricePerMinuteFor(input.aircraftType),
        seats: seatCapacityFor(input.aircraftType),
        probability: input.probability,
        flexibilityDays: input.flexibilityDays,
        departureTimeType: input.departureTimeType,
        timeSlot: exact ? null : input.timeSlot,
      },
    });
    return result.status === "created" ? { ok: true, flightId } : { ok: false, reason: "taken" };
  } catch (error) {
    logError("flights.create-failed", error);
    return { ok: false, reason: "failed" };
  }
}
