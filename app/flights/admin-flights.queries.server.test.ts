/**
 * The back-office's flights tab on a real D1: the list pages in SQL, and the tiles and
 * chart agree with figures computed here from the rows inserted. Each test makes its own
 * D1, so the figures count its rows alone.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { airports } from "#app/db/schema";
import { zurichDay } from "#app/utils/format";
import { zurichDayRange } from "#app/utils/zurich-dates";
import { createTestD1 } from "#tests/d1";

import { HOUR, insertMany, now } from "./admin-flights.fixtures";
import { dashboardFigures, queryAdminFlights } from "./admin-flights.queries.server";
import { chartDays, loadFlightsTab } from "./admin-flights.server";

describe("the flights tab's queries", () => {
  it("pages and searches in SQL, upcoming flights only, soonest first", async () => {
    const { db: fresh, dispose: close } = await createTestD1();
    try {
      const [gva, nce, zrh] = await fresh
        .insert(airports)
        .values([
          { icaoCode: "LSGG", servedCity: "Genève" },
          { icaoCode: "LFMN", servedCity: "Nice" },
          { icaoCode: "LSZH", servedCity: "Zurich" },
        ])
        .returning({ id: airports.id });
      const values = Array.from({ length: 45 }, (_, index) => ({
        id: `f-${String(index).padStart(3, "0")}`,
        departureAirportId: index % 3 === 0 ? zrh!.id : gva!.id,
        arrivalAirportId: nce!.id,
        departureDate: new Date(now.getTime() + (index - 5) * HOUR),
        arrivalDate: new Date(now.getTime() + (index - 4) * HOUR),
        flightTime: 60,
        aircraftType: "PC12",
        pricePerMinute: 50,
        feedSeats: 6,
        refreshedAt: now,
      }));
      await insertMany(fresh, values);
      const upcoming = values.filter((flight) => flight.departureDate >= now);
      const page2 = await queryAdminFlights(fresh, { now, airportIds: null, page: 2, pageSize: 10 });
      expect(page2.total).toBe(upcoming.length);
      expect(page2.flights.map((flight) => flight.id)).toEqual(upcoming.slice(10, 20).map((flight) => flight.id));
      const fromZurich = await queryAdminFlights(fresh, { now, airportIds: [zrh!.id], page: 1, pageSize: 100 });
      expect(fromZurich.flights.map((flight) => flight.id)).toEqual(
        upcoming.filter((flight) => flight.departureAirportId === zrh!.id).map((flight) => flight.id),
      );
      expect(await queryAdminFlights(fresh, { now, airportIds: [], page: 1, pageSize: 10 })).toEqual({
        flights: [],
        total: 0,
      });

      // The search ignores case and accents, through the service.
      const tab = await loadFlightsTab(fresh, {
        now,
        searchParams: new URLSearchParams({ q: "GENEVE", page: "1" }),
        language: "fr",
      });
      expect(tab.total).toBe(upcoming.filter((flight) => flight.departureAirportId === gva!.id).length);
      // A German reader finds Genève as 'Genf' and reads the rows in German (decision 023).
      const german = await loadFlightsTab(fresh, {
        now,
        searchParams: new URLSearchParams({ q: "genf", page: "1" }),
        language: "de",
      });
      expect(german.total).toBe(tab.total);
      expect(
        german.flights.map((flight) =>
          [flight.departureAirport.servedCity, flight.arrivalAirport.servedCity].join(" → "),
        ),
      ).toContain("Genf → Nizza");

      const plan = await fresh.all<{ detail: string }>(
        sql`explain query plan select * from flights where departure_date >= ${now.getTime()} order by departure_date, id limit 10 offset 10`,
      );
      expect(plan.map((step) => step.detail).join(" ")).toContain("flights_departure_date_idx");
    } finally {
      await close();
    }
  });

  it("computes the tiles and the 14-day chart like a count over the rows", async () => {
    const { db: fresh, dispose: close } = await createTestD1();
    try {
      const [a, b] = await fresh
        .insert(airports)
        .values([
          { icaoCode: "LSGG", servedCity: "Genève" },
          { icaoCode: "LFMN", servedCity: "Nice" },
        ])
        .returning({ id: airports.id });
      // Departures from yesterday to 20 days ahead, every 7 hours, some sold out or held.
      const specs = Array.from({ length: 70 }, (_, index) => ({
        departure: new Date(now.getTime() + (index * 7 - 30) * HOUR),
        seats: 2 + (index % 7),
        held: index % 5 === 0 ? 1 : 0,
        soldOut: index % 6 === 0 ? true : null,
        minutes: 40 + (index % 4) * 15,
      }));
      await insertMany(
        fresh,
        specs.map((spec, index) => ({
          id: `t-${index}`,
          departureAirportId: a!.id,
          arrivalAirportId: b!.id,
          departureDate: spec.departure,
          arrivalDate: new Date(spec.departure.getTime() + spec.minutes * 60_000),
          flightTime: spec.minutes,
          aircraftType: "PC12",
          pricePerMinute: 50,
          feedSeats: spec.seats,
          seatsHeld: spec.held,
          soldOutOverride: spec.soldOut,
          refreshedAt: now,
        })),
      );
      const available = (spec: (typeof specs)[number]) => Math.max(0, spec.seats - spec.held);
      const active = specs.filter((spec) => spec.departure >= now && !spec.soldOut && available(spec) > 0);
      const today = zurichDayRange(zurichDay(now));
      const days = chartDays(now);
      const figures = await dashboardFigures(fresh, { now, today, chartDays: days });
      expect(figures.tiles).toEqual({
        activeFlights: active.length,
        availableSeats: active.reduce((sum, spec) => sum + available(spec), 0),
        flightsToday: specs.filter((spec) => spec.departure >= today.start && spec.departure < today.end).length,
        averageMinutes: Math.round(active.reduce((sum, spec) => sum + spec.minutes, 0) / active.length),
      });
      expect(days).toHaveLength(14);
      expect(zurichDay(days[0]!.start)).toBe("2026-11-23");
      expect(zurichDay(days[13]!.start)).toBe("2026-12-06");
      expect(figures.seatsPerDay).toEqual(
        days.map((day) =>
          active
            .filter((spec) => spec.departure >= day.start && spec.departure < day.end)
            .reduce((sum, spec) => sum + available(spec), 0),
        ),
      );
    } finally {
      await close();
    }
  });
});
