import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { flightEditSchema, flightRowErrorKey, FlightRowSchema, newFlightSchema } from "./admin-flight-forms";

const issuesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("the new-flight schema", () => {
  const schema = newFlightSchema("2026-11-23");

  it("lists every missing field at once, the exact time included", () => {
    expect(issuesOf(schema.safeParse({ departureTimeType: "exact" }))).toEqual({
      departureCity: "newFlight.errors.departureCity",
      arrivalCity: "newFlight.errors.arrivalCity",
      date: "newFlight.errors.date",
      exactTime: "flights.errors.required",
    });
  });

  it("applies the spec's defaults and refuses a past date or the same city twice", () => {
    const parsed = schema.parse({ departureCity: "Genève", arrivalCity: "Nice", date: "2026-11-23" });
    expect(parsed).toMatchObject({
      departureTimeType: "slot",
      aircraftType: "PC12",
      probability: 80,
      flexibilityDays: 1,
    });
    expect(issuesOf(schema.safeParse({ departureCity: "Genève", arrivalCity: "GENEVE", date: "2026-11-22" }))).toEqual({
      date: "newFlight.errors.datePast",
      arrivalCity: "newFlight.errors.sameCity",
    });
  });
});

describe("the edit panel schema", () => {
  const base = {
    intent: "edit",
    flightId: "f",
    probability: 80,
    seats: 4,
    departureTimeType: "slot",
    timeSlot: "08-12",
  };
  it("keeps probability within 40 to 100 and seats within 2 to 8", () => {
    expect(flightEditSchema.safeParse(base).success).toBe(true);
    expect(issuesOf(flightEditSchema.safeParse({ ...base, probability: 39, seats: 9 }))).toEqual({
      probability: "flights.errors.probability",
      seats: "flights.errors.seats",
    });
    expect(issuesOf(flightEditSchema.safeParse({ ...base, departureTimeType: "exact" }))).toEqual({
      exactTime: "flights.errors.required",
    });
  });
});

describe("a flight row's forms, by intent", () => {
  const form = (fields: Record<string, string>) => parseForm(new URLSearchParams(fields), { schema: FlightRowSchema });
  const edit = {
    intent: "edit",
    flightId: "f",
    probability: "80",
    seats: "4",
    departureTimeType: "slot",
    timeSlot: "08-12",
    redirectTo: "/admin?q=Nice",
  };

  it("reads the edit panel and the sold-out toggle with their own fields", () => {
    expect(form(edit)).toMatchObject({
      status: "success",
      value: { intent: "edit", flightId: "f", probability: 80, seats: 4 },
    });
    expect(form({ intent: "soldout", flightId: "f", soldout: "true" })).toMatchObject({
      status: "success",
      value: { intent: "soldout", soldout: true },
    });
    expect(form({ intent: "soldout", flightId: "f", soldout: "false" })).toMatchObject({ value: { soldout: false } });
  });

  it("names the message of a refused form: the toggle's error, or the edit panel's first field", () => {
    expect(flightRowErrorKey(form({ intent: "soldout", flightId: "f", soldout: "maybe" }))).toBe(
      "flights.soldout.failed",
    );
    expect(flightRowErrorKey(form({ ...edit, probability: "4e1" }))).toBe("flights.errors.probability");
    expect(flightRowErrorKey(form({ ...edit, flightId: "x".repeat(65) }))).toBe("flights.errors.required");
    expect(flightRowErrorKey(form({ intent: "delete", flightId: "f" }))).toBe("flights.errors.required");
    expect(flightRowErrorKey(form({}))).toBe("flights.errors.required");
  });
});

describe("the carrier form schema", () => {
  const base = { intent: "operator", flightId: "f", checkInMinutes: 30, manifestDeadlineHours: 24 };
  const parse = (fields: Record<string, unknown>) => FlightRowSchema.safeParse({ ...base, ...fields });

  it("takes a carrier named whole, upper-casing codes, or none at all", () => {
    expect(parse({}).success).toBe(true);
    expect(
      parse({ operatorName: "Alpina Executive Jets SA", operatorAoc: "CH.AOC.1042", operatorState: "ch" }).data,
    ).toMatchObject({ operatorState: "CH" });
    expect(parse({ aircraftRegistration: "hb-fvx" }).data).toMatchObject({ aircraftRegistration: "HB-FVX" });
  });

  it("names each wrong field with its own message", () => {
    expect(issuesOf(parse({ operatorName: "Alpina Executive Jets SA", operatorState: "XX" }))).toEqual({
      operatorState: "operator.errors.state",
      operatorName: "operator.errors.incomplete",
    });
    expect(issuesOf(parse({ aircraftRegistration: "HB FVX", checkInMinutes: 9, manifestDeadlineHours: 169 }))).toEqual({
      aircraftRegistration: "operator.errors.registration",
      checkInMinutes: "operator.errors.checkIn",
      manifestDeadlineHours: "operator.errors.manifestDeadline",
    });
    expect(issuesOf(parse({ checkInMinutes: 180, manifestDeadlineHours: 1, terminal: "x".repeat(301) }))).toEqual({
      terminal: "operator.errors.tooLong",
    });
  });
});
