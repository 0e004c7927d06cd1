import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { customRequestSchema, exclusiveRequestSchema as offeredSchema, newsletterSchema } from "./request-forms";

const key = "3b241101-e2bb-4255-8caf-4136c566a962";
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("exclusive request form", () => {
  const offered = ["2026-12-04", "2026-12-11"];
  const exclusiveRequestSchema = (dates: readonly string[] = offered) => offeredSchema(dates);
  const valid = {
    idempotencyKey: key,
    departureDate: "2026-12-11",
    firstName: "Léa",
    lastName: "Muller",
    email: "lea@example.ch",
    phone: "+41 79 123 45 67",
    address: "Rue du Rhône 1",
    zipCode: "1204",
    city: "Genève",
    country: "CH",
  };

  it("accepts a complete request, message optional", () => {
    expect(exclusiveRequestSchema().safeParse(valid).success).toBe(true);
  });

  it("gives each missing or bad field its message", () => {
    expect(messages(exclusiveRequestSchema().safeParse({ idempotencyKey: key }))).toMatchObject({
      firstName: "forms.errors.required",
      lastName: "forms.errors.required",
      email: "forms.errors.emailRequired",
      phone: "forms.errors.required",
      address: "forms.errors.required",
      zipCode: "forms.errors.required",
      city: "forms.errors.required",
      country: "forms.errors.required",
      departureDate: "forms.errors.departureDate",
    });
    expect(messages(exclusiveRequestSchema().safeParse({ ...valid, email: "lea@example" }))).toEqual({
      email: "forms.errors.emailInvalid",
    });
    expect(messages(exclusiveRequestSchema().safeParse({ ...valid, country: "US" }))).toEqual({
      country: "forms.errors.required",
    });
    expect(messages(exclusiveRequestSchema().safeParse({ ...valid, message: "x".repeat(10_000) }))).toEqual({
      message: "forms.errors.tooLong",
    });
  });

  it("takes only one of the offered days: another one, or one gone by since the page loaded, is refused", () => {
    for (const departureDate of ["2026-12-05", "2026-12-18", "11.12.2026", "2026-12-11 "]) {
      expect(messages(exclusiveRequestSchema().safeParse({ ...valid, departureDate }))).toEqual({
        departureDate: "forms.errors.departureDateGone",
      });
    }
    // Posted after midnight on the first Friday: the offered days moved on.
    expect(
      messages(
        exclusiveRequestSchema(["2026-12-11", "2026-12-18"]).safeParse({ ...valid, departureDate: "2026-12-04" }),
      ),
    ).toEqual({
      departureDate: "forms.errors.departureDateGone",
    });
    const parsed = parseForm(new URLSearchParams({ ...valid, departureDate: "" }), {
      schema: exclusiveRequestSchema(),
    });
    expect(parsed.reply().error).toMatchObject({ departureDate: ["forms.errors.departureDate"] });
  });
});

describe("custom flight request form", () => {
  const schema = customRequestSchema("2026-12-05");
  const valid = {
    idempotencyKey: key,
    departure: "Lausanne",
    arrival: "Courchevel",
    date: "2026-12-05",
    passengers: 8,
    firstName: "Léa",
    lastName: "Muller",
    email: "lea@example.ch",
    phone: "+41 (79) 123-45-67",
  };

  it("accepts today's Zurich date and up to 8 passengers", () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it("refuses 9 passengers, a past date, another departure and a bad phone", () => {
    expect(messages(schema.safeParse({ ...valid, passengers: 9 }))).toEqual({ passengers: "forms.errors.passengers" });
    expect(messages(schema.safeParse({ ...valid, passengers: 0 }))).toEqual({ passengers: "forms.errors.passengers" });
    expect(messages(schema.safeParse({ ...valid, date: "2026-12-04" }))).toEqual({ date: "forms.errors.date" });
    expect(messages(schema.safeParse({ ...valid, departure: "Zurich" }))).toEqual({
      departure: "forms.errors.departure",
    });
    expect(messages(schema.safeParse({ ...valid, phone: "079 12" }))).toEqual({ phone: "forms.errors.phoneInvalid" });
    expect(messages(schema.safeParse({ ...valid, phone: "+41 79 abc 45 67" }))).toEqual({
      phone: "forms.errors.phoneInvalid",
    });
  });
});

describe("newsletter form", () => {
  it("tells a missing email from an invalid one", () => {
    expect(messages(newsletterSchema.safeParse({}))).toEqual({ email: "newsletter.errors.required" });
    expect(messages(newsletterSchema.safeParse({ email: "not-an-email" }))).toEqual({
      email: "newsletter.errors.invalid",
    });
    expect(newsletterSchema.safeParse({ email: " Lea@Example.ch " }).success).toBe(true);
  });
});
