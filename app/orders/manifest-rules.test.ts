import { describe, expect, it } from "vitest";

import { isCalendarDay, type ManifestLine, manifestProblems } from "./manifest-rules";

const GENEVA_NICE = { from: "CH", to: "FR", travelDay: "2027-06-14" };
const GENEVA_LONDON = { from: "CH", to: "GB", travelDay: "2027-06-14" };
const card: ManifestLine = {
  birthDate: "1984-03-09",
  documentKind: "identityCard",
  issuer: "CH",
  expiresOn: "2031-01-31",
};

describe("a passenger's line of the manifest", () => {
  it("takes a Swiss identity card from Geneva to Nice, and asks a passport for London", () => {
    expect(manifestProblems(card, GENEVA_NICE)).toEqual([]);
    expect(manifestProblems(card, GENEVA_LONDON)).toEqual(["passportRequired"]);
    expect(manifestProblems({ ...card, documentKind: "passport" }, GENEVA_LONDON)).toEqual([]);
  });

  it("wants the document valid on the day of travel itself, not only the day before", () => {
    expect(manifestProblems({ ...card, expiresOn: "2027-06-14" }, GENEVA_NICE)).toEqual([]);
    expect(manifestProblems({ ...card, expiresOn: "2027-06-13" }, GENEVA_NICE)).toEqual(["documentExpired"]);
    expect(manifestProblems({ ...card, expiresOn: "2027-02-30" }, GENEVA_NICE)).toEqual(["expiryInvalid"]);
  });

  it("refuses a date of birth that is not a day, after the flight, or more than 120 years before it", () => {
    expect(manifestProblems({ ...card, birthDate: "1984-13-09" }, GENEVA_NICE)).toEqual(["birthDateInvalid"]);
    expect(manifestProblems({ ...card, birthDate: "2027-06-15" }, GENEVA_NICE)).toEqual(["birthDateAfterTravel"]);
    expect(manifestProblems({ ...card, birthDate: "2027-06-14" }, GENEVA_NICE)).toEqual([]); // born that day
    expect(manifestProblems({ ...card, birthDate: "1907-06-14" }, GENEVA_NICE)).toEqual([]);
    expect(manifestProblems({ ...card, birthDate: "1907-06-13" }, GENEVA_NICE)).toEqual(["birthDateTooOld"]);
  });

  it("knows the calendar: leap days exist only in leap years", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2027-02-29")).toBe(false);
    expect(isCalendarDay("27-02-01")).toBe(false);
  });
});
