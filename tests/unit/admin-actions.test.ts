/**
 * The back-office's actions other than users and orders, run like Remix runs them
 * (docs/decisions/014-action-shape.md): each parses one schema, makes one service call and
 * answers with its status and translated message; bad input is a 4xx, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { airports, flights, users } from "#app/db/schema";
import { action as flightsAction } from "#app/routes/admin._index/route";
import { loader as historyLoader } from "#app/routes/admin.flights.$flightId.history";
import { action as exportAction } from "#app/routes/admin.orders.export";
import { action as requestsAction } from "#app/routes/admin.requests/route";
import { action as newFlightAction } from "#app/routes/new-flight/route";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";

import { cookiePair, errorsOf, get, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const context = () => createTestContext({ d1, now });

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(
    (["gestionnaire", "admin"] as const).map((role) => ({
      id: role,
      email: `${role}@example.ch`,
      passwordHash: "x",
      firstName: role,
      lastName: "T",
      role,
      emailConfirmedAt: now,
    })),
  );
  // Staff open the back-office only with a second factor (decision 027).
  await enrolSecondFactor(db, ["gestionnaire", "admin"]);
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: "f-1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date("2026-12-01T09:00:00Z"),
    arrivalDate: new Date("2026-12-01T10:00:00Z"),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    seatsHeld: 3,
    refreshedAt: now,
    createdAt: now,
    updatedAt: now,
  });
});
afterAll(() => dispose());

const cookieOf = async (userId: string) => cookiePair(await startSession(get("/login"), context(), userId));

/** A post as a page's fetcher sends it, or as a browser without JavaScript (`navigate`). */
async function postAs(path: string, fields: Record<string, string>, userId: string, { navigate = false } = {}) {
  const request = post(path, fields, { cookie: await cookieOf(userId) });
  if (navigate) request.headers.set("Sec-Fetch-Mode", "navigate");
  return request;
}

describe("the flights tab's row forms", () => {
  const row = (fields: Record<string, string>, options?: { navigate?: boolean }) =>
    postAs("/admin?index", { flightId: "f-1", redirectTo: "/admin?q=Nice", ...fields }, "gestionnaire", options).then(
      (request) => run(flightsAction, request, context()),
    );
  const edit = { intent: "edit", probability: "90", seats: "4", departureTimeType: "slot", timeSlot: "08-12" };

  it("answers a fetcher with the message beside the form and the status of the outcome", async () => {
    expect(await row({ intent: "soldout", soldout: "true" })).toMatchObject({
      status: 200,
      body: {
        intent: "soldout",
        type: "success",
        message: "Le vol est maintenant complet : il ne peut plus être réservé.",
      },
    });
    expect(await row({ intent: "soldout", soldout: "true" })).toMatchObject({
      status: 200,
      body: { message: "Le statut du vol était déjà à jour." },
    });
    expect(await row({ intent: "soldout", soldout: "false", flightId: "nope" })).toMatchObject({
      status: 404,
      body: { type: "error", message: "Vol non trouvé" },
    });
    expect(await row({ ...edit, seats: "2" })).toMatchObject({
      status: 409,
      body: { intent: "edit", message: "Impossible : des commandes retiennent déjà 3 places sur ce vol." },
    });
    expect(await row({ ...edit, flightId: "nope" })).toMatchObject({
      status: 404,
      body: { message: "Vol non trouvé" },
    });
  });

  it("answers bad input with a 400 and the field's message, never a 500", async () => {
    expect(await row({ ...edit, probability: "4e1" })).toMatchObject({
      status: 400,
      body: { type: "error", message: "La probabilité doit être comprise entre 40 et 100" },
    });
    expect(await row({ intent: "soldout", soldout: "maybe" })).toMatchObject({
      status: 400,
      body: { message: "Erreur lors de la mise à jour du statut soldout" },
    });
    expect(await row({ intent: "delete" })).toMatchObject({ status: 400, body: { message: "Ce champ est requis" } });
  });

  it("sends a browser without JavaScript back to the list, the message in a toast", async () => {
    const result = await row(edit, { navigate: true });
    expect(result).toMatchObject({ status: 302, location: "/admin?q=Nice" });
    expect(result.setCookies.join()).toContain("jm_toast=");
  });
});

describe("the requests tab", () => {
  it("goes back to the list with a toast, for an unknown request or a newsletter address alike", async () => {
    const fields = {
      kind: "custom",
      id: "no-such-request",
      status: "handled",
      redirectTo: "/admin/requests?kind=custom",
    };
    for (const sent of [fields, { ...fields, kind: "newsletter" }]) {
      const result = await run(requestsAction, await postAs("/admin/requests", sent, "gestionnaire"), context());
      expect(result).toMatchObject({ status: 302, location: "/admin/requests?kind=custom" });
      expect(result.setCookies.join()).toContain("jm_toast=");
    }
  });
});

describe("the orders export", () => {
  it("streams the CSV of a known filter and refuses a status the tab never sends", async () => {
    const csv = await run(
      exportAction,
      await postAs("/admin/orders/export", { status: "", q: "é".repeat(60) }, "admin"),
      context(),
    );
    expect(csv.status).toBe(200);
    const refused = await run(
      exportAction,
      await postAs("/admin/orders/export", { status: "archived" }, "admin"),
      context(),
    );
    expect(refused.status).toBe(400);
    expect(JSON.parse(String(refused.body))).toEqual({ message: "Filtre d'export invalide" });
  });
});

describe("a flight's history", () => {
  const history = async (flightId: string) =>
    run(
      (args) => historyLoader({ ...args, params: { flightId } }),
      get(`/admin/flights/${flightId}/history`, { cookie: await cookieOf("gestionnaire") }),
      context(),
    );

  it("answers the entries, and a translated 404 for an id no row can have", async () => {
    const found = await history("f-1");
    expect(found.status).toBe(200);
    expect(JSON.parse(String(found.body)).entries.length).toBeGreaterThan(0);
    const refused = await history("x".repeat(65));
    expect(refused.status).toBe(404);
    expect(JSON.parse(String(refused.body))).toEqual({ message: "Vol non trouvé" });
  });
});

describe("/new-flight", () => {
  const create = async (fields: Record<string, string>) =>
    run(newFlightAction, await postAs("/new-flight", fields, "gestionnaire"), context());

  it("shows the form again with each missing field, or the duration when no airport position is known", async () => {
    const missing = await create({ departureTimeType: "exact" });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing)).toMatchObject({
      departureCity: ["newFlight.errors.departureCity"],
      arrivalCity: ["newFlight.errors.arrivalCity"],
      date: ["newFlight.errors.date"],
      exactTime: ["flights.errors.required"],
    });
    const unknown = await create({ departureCity: "Testville", arrivalCity: "Arrivée", date: "2026-12-02" });
    expect(unknown.status).toBe(400);
    expect(errorsOf(unknown)).toEqual({ flightTime: ["newFlight.errors.flightTimeNeeded"] });
    const past = await create({
      departureCity: "Genève",
      arrivalCity: "Nice",
      date: "2026-11-23",
      departureTimeType: "exact",
      exactTime: "09:00",
    });
    expect(past.status).toBe(400);
    expect(errorsOf(past)).toEqual({ "": ["newFlight.errors.past"] });
  });

  it("creates the flight and goes to /admin", async () => {
    expect(
      await create({ departureCity: "Genève", arrivalCity: "Nice", date: "2026-12-02", flightTime: "55" }),
    ).toMatchObject({ status: 302, location: "/admin" });
  });
});
