import { describe, expect, it } from "vitest";

import { LoginSchema, ProfileSchema, RegisterSchema } from "#app/accounts/account-forms";
import { newFlightSchema } from "#app/flights/admin-flight-forms";
import { customRequestSchema, exclusiveRequestSchema, newsletterSchema } from "#app/requests/request-forms";
import { z } from "#app/utils/zod";

import { isCalendarDay } from "./fields";

const emailAccepted = {
  login: (email: string) => LoginSchema.shape.email.safeParse(email).success,
  register: (email: string) => RegisterSchema.shape.email.safeParse(email).success,
  exclusive: (email: string) => exclusiveRequestSchema([]).shape.email.safeParse(email).success,
  custom: (email: string) => customRequestSchema("2026-01-01").shape.email.safeParse(email).success,
  newsletter: (email: string) => newsletterSchema.shape.email.safeParse(email).success,
};
const phoneAccepted = {
  profile: (phone: string) => ProfileSchema(false).shape.phone.safeParse(phone).success,
  exclusive: (phone: string) => exclusiveRequestSchema([]).shape.phone.safeParse(phone).success,
  custom: (phone: string) => customRequestSchema("2026-01-01").shape.phone.safeParse(phone).success,
};

describe("one email and one phone rule for every form", () => {
  it.each([
    ["lea@example.ch", true],
    [" Lea.Muller+vols@Example.CH ", true],
    ["lea@exemple.co.uk", true],
    ["lea@example", false],
    ["lea@example.c", false],
    ["lea..muller@example.ch", false],
    ["lea muller@example.ch", false],
    ["@example.ch", false],
    [`${"a".repeat(250)}@example.ch`, false],
  ])("%j: %s everywhere", (email, expected) => {
    for (const accepts of Object.values(emailAccepted)) expect(accepts(email)).toBe(expected);
  });

  it("every accepted address is one the mail outbox can send to", () => {
    for (const email of ["lea@example.ch", "o'brien@example.ie", "a_b-c@sub.example.org"]) {
      expect(emailAccepted.exclusive(email)).toBe(z.email().safeParse(email).success);
    }
  });

  it.each([
    ["+41 79 123 45 67", true],
    ["(022) 555-12-34", true],
    ["079 12 34", false],
    ["+41 79 abc 45 67", false],
  ])("%j: %s everywhere", (phone, expected) => {
    for (const accepts of Object.values(phoneAccepted)) expect(accepts(phone)).toBe(expected);
  });
});

describe("a day of the calendar (the date fields and the search's ?date=)", () => {
  it("takes a real day, leap days included, and refuses the pattern's impossible days", () => {
    expect(["2026-12-05", "2028-02-29", "2026-01-31"].map(isCalendarDay)).toEqual([true, true, true]);
    expect(["2026-13-45", "2026-02-29", "2026-04-31", "2026-00-10", "5.12.2026", ""].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("gives the forms' date message for an impossible day, as for a malformed one", () => {
    const custom = customRequestSchema("2026-01-01").shape.date.safeParse("2026-13-45");
    expect(custom.error?.issues.map((issue) => issue.message)).toEqual(["forms.errors.date"]);
    const flight = newFlightSchema("2026-01-01").safeParse({ date: "2026-02-30" });
    expect(flight.error?.issues.find((issue) => issue.path[0] === "date")?.message).toBe("newFlight.errors.date");
  });
});
