import { describe, expect, it } from "vitest";
import { z } from "#app/utils/zod";
import { LoginSchema, ProfileSchema, RegisterSchema } from "#app/accounts/account-forms";
import { customRequestSchema, exclusiveRequestSchema, newsletterSchema } from "#app/requests/request-forms";

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
