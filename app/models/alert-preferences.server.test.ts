import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestD1 } from "#tests/d1";
import type { Db } from "#app/db/client.server";
import { airports, users } from "#app/db/schema";
import { getUserAlertCountries, listAlertCountries, setUserAlertCountries } from "./alert-preferences.server";

let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  ({ db, dispose } = await createTestD1());
  await db.insert(users).values(["anna", "bruno"].map((id) => ({ id, email: `${id}@example.ch`, passwordHash: "x", firstName: id, lastName: "T" })));
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { icaoCode: "LSZH", servedCity: "Zurich", country: "Switzerland" },
    { icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    { icaoCode: "ZZZZ", servedCity: "Nowhere" },
  ]);
});
afterAll(() => dispose());

describe("alert preferences", () => {
  it("offers the airports' countries, once each, without 'Unknown'", async () => {
    expect(await listAlertCountries(db)).toEqual(["France", "Switzerland"]);
  });

  it("replaces one user's countries and leaves the others' alone", async () => {
    await setUserAlertCountries(db, { userId: "anna", countries: ["France", "Switzerland"], now });
    await setUserAlertCountries(db, { userId: "bruno", countries: ["France"], now });
    await setUserAlertCountries(db, { userId: "anna", countries: ["Switzerland"], now });
    expect(await getUserAlertCountries(db, "anna")).toEqual(["Switzerland"]);
    expect(await getUserAlertCountries(db, "bruno")).toEqual(["France"]);
    await setUserAlertCountries(db, { userId: "anna", countries: [], now });
    expect(await getUserAlertCountries(db, "anna")).toEqual([]);
  });
});
