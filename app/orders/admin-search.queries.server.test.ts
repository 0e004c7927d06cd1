/**
 * The back-office searches against a real D1: a search D1 would refuse (SQLite caps a LIKE
 * pattern at 50 bytes: "LIKE or GLOB pattern too complex", a 500) is cut to what it
 * accepts, and an accented term still finds its row. The tables hold rows on purpose:
 * SQLite only checks a pattern when it compares it with a value.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listUsers } from "#app/accounts/admin-users.queries.server";
import {
  airports,
  customRequests,
  exclusiveRequests,
  flights,
  newsletterSubscribers,
  orders,
  users,
} from "#app/db/schema";
import {
  listCustomRequests,
  listExclusiveRequests,
  listNewsletterSubscribers,
} from "#app/requests/admin-requests.queries.server";
import { searchTerm } from "#app/utils/list-params";
import { createTestD1 } from "#tests/d1";

import { listOrders, listOrdersAfter } from "./admin-orders.queries.server";

const NOW = new Date("2026-11-23T09:00:00Z");
/** A name longer than D1's limit once in a pattern: 50 characters, 54 bytes. */
const LONG_NAME = "Müller-Dubois de la Fontaine-Sainte-Hélène-Étienne";

/** Searches D1 refused before the rule: over 50 bytes once `%…%` and escaped. */
const OVERSIZED = {
  "60 accented letters": "é".repeat(60),
  "100 percent signs": "%".repeat(100),
  "49 ASCII letters": "a".repeat(49),
};

let test: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  test = await createTestD1();
  const { db } = test;
  await db.insert(users).values([
    {
      id: "u-zoe",
      email: "zoe@example.ch",
      passwordHash: "x",
      firstName: "Zoé",
      lastName: LONG_NAME,
      role: "client",
      createdAt: NOW,
    },
    {
      id: "u-jurg",
      email: "jurg@example.ch",
      passwordHash: "x",
      firstName: "Jürg",
      lastName: "Keller",
      role: "admin",
      createdAt: NOW,
    },
  ]);
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
  ]);
  await db.insert(flights).values({
    id: "abcdef12-flight",
    departureAirportId: 1,
    arrivalAirportId: 2,
    departureDate: new Date("2026-12-05T09:30:00Z"),
    arrivalDate: new Date("2026-12-05T10:30:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: NOW,
  });
  const contact = { phone: "+41 22 000 00 00", address: "Rue 1", zipCode: "1200", city: "Genève", country: "Suisse" };
  await db.insert(orders).values([
    {
      id: "o-helene",
      reference: "JM-H3LN2P",
      flightId: "abcdef12-flight",
      amountCents: 150_050,
      seats: 1,
      customerInfo: { ...contact, firstName: "Hélène", lastName: "Gâteau", email: "helene@example.ch" },
      linkKeyHash: "hash-1",
      createdAt: NOW,
    },
    {
      id: "o-marc",
      reference: "JM-MRC7QX",
      flightId: "abcdef12-flight",
      amountCents: 150_050,
      seats: 1,
      customerInfo: { ...contact, firstName: "Marc", lastName: "Durand", email: "marc@example.ch" },
      linkKeyHash: "hash-2",
      createdAt: new Date(NOW.getTime() - 60_000),
    },
  ]);
  // Handled by Jürg: the search must read the traveller's name, not the handler's.
  await db.insert(exclusiveRequests).values({
    id: "x-lea",
    exclusiveFlightId: "geneva-sttropez",
    firstName: "Léa",
    lastName: "Müller",
    email: "lea@example.ch",
    ...contact,
    idempotencyKey: "x-lea",
    status: "handled",
    handledBy: "u-jurg",
    handledAt: NOW,
  });
  await db.insert(customRequests).values({
    id: "c-chloe",
    departure: "Genève",
    arrival: "Olbia",
    date: "2026-12-05",
    passengers: 2,
    firstName: "Chloé",
    lastName: "Béranger",
    email: "chloe@example.ch",
    phone: contact.phone,
    idempotencyKey: "c-chloe",
  });
  await db.insert(newsletterSubscribers).values({ email: "rené@example.ch", unsubscribeTokenHash: "token-rene" });
});
afterAll(() => test.dispose());

/** Every list's search, as the tabs and the export run it: the ids found. */
const searches = {
  users: async (search: string) => (await listUsers(test.db, { search, page: 1 })).users.map((row) => row.id),
  orders: async (search: string) =>
    (await listOrders(test.db, { status: null, search }, 1)).orders.map((row) => row.id),
  "orders export": async (search: string) =>
    (await listOrdersAfter(test.db, { status: null, search }, null)).map((row) => row.id),
  "exclusive requests": async (search: string) =>
    (await listExclusiveRequests(test.db, 1, search)).rows.map((row) => row.id),
  "custom requests": async (search: string) => (await listCustomRequests(test.db, 1, search)).rows.map((row) => row.id),
  newsletter: async (search: string) =>
    (await listNewsletterSubscribers(test.db, 1, search)).rows.map((row) => row.email),
};

describe("the back-office searches on D1", () => {
  it.each(Object.entries(OVERSIZED))(
    "answer a search of %s, raw or through the rule, without an error",
    async (_, input) => {
      for (const [list, search] of Object.entries(searches)) {
        // The models are safe with any text (defence in depth), and with what the tabs pass.
        for (const term of [input, searchTerm(input)]) {
          await expect(search(term), `${list}: ${term}`).resolves.toEqual([]);
        }
      }
    },
  );

  it("find a row by a short accented term", async () => {
    expect(await searches.users("Zoé")).toEqual(["u-zoe"]);
    expect(await searches.users("Jürg Kel")).toEqual(["u-jurg"]);
    expect(await searches.orders("Hélène")).toEqual(["o-helene"]);
    expect(await searches.orders("Gâteau")).toEqual(["o-helene"]);
    expect(await searches["orders export"]("Hélène G")).toEqual(["o-helene"]);
    expect(await searches.orders("Genève")).toEqual(["o-helene", "o-marc"]);
    expect(await searches["exclusive requests"]("Léa Mü")).toEqual(["x-lea"]);
    expect(await searches["exclusive requests"]("Jürg")).toEqual([]);
    expect(await searches["custom requests"]("Béranger")).toEqual(["c-chloe"]);
    expect(await searches.newsletter("rené")).toEqual(["rené@example.ch"]);
  });

  it("find an order by its own reference, in any case, or by its flight's", async () => {
    for (const list of ["orders", "orders export"] as const) {
      expect(await searches[list]("JM-H3LN2P"), list).toEqual(["o-helene"]);
      expect(await searches[list]("jm-mrc7"), list).toEqual(["o-marc"]);
      expect(await searches[list]("ABCDEF12"), list).toEqual(["o-helene", "o-marc"]);
    }
  });

  it("a name longer than the limit still finds its row, searched whole", async () => {
    expect(new TextEncoder().encode(`%${LONG_NAME}%`).length).toBeGreaterThan(50);
    expect(await searches.users(LONG_NAME)).toEqual(["u-zoe"]);
    expect(await searches.users(searchTerm(LONG_NAME))).toEqual(["u-zoe"]);
  });

  it("an empty search lists every row", async () => {
    expect(await searches.orders("")).toEqual(["o-helene", "o-marc"]);
    expect((await searches.users("")).sort()).toEqual(["u-jurg", "u-zoe"]);
    expect(await searches["exclusive requests"]("")).toEqual(["x-lea"]);
  });
});
