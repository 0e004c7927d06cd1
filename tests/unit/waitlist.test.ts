/**
 * The waitlist of sold-out flights (decision 021) on a real D1: joining and leaving through
 * /waitlist (signed out, the heart's sign-in toast), its caps, and the releases: after a
 * refusal, an expired hold or a staff edit the waiting users are told oldest first, in
 * their language, once per release; a second run or two runs at once tell nobody twice;
 * sold out again then released again tells them again; a release that leaves the flight
 * sold out tells nobody.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { renderNotification } from "#app/alerts/notifications.server";
import {
  changeWaitlist,
  MAX_WAITLIST_ENTRIES,
  notifyWaitlist,
  rearmAfterSale,
  WAITLIST_LIMITS,
} from "#app/alerts/waitlist.server";
import type { Db } from "#app/db/client.server";
import { airports, flights, mailOutbox, notifications, orders, rateLimits, users, waitlist } from "#app/db/schema";
import { saveFlightRow } from "#app/orders/admin-flight-row.server";
import { expireUnpaidHolds, refuseOrder } from "#app/orders/order-life.server";
import { placeOrder } from "#app/orders/orders.queries.server";
import { action as waitlistAction } from "#app/routes/waitlist";
import { getToast } from "#app/utils/toast.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { cookiePair, get, type HandlerResult, post, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
let context: AppLoadContext;
let transport: ReturnType<typeof recordingTransport>;
let clock = new Date("2026-11-23T10:00:00Z");
const STAFF = "staff-1";
/** Three travellers, one per language, who join in this order in the release tests. */
const WAITERS = [
  { id: "ana", language: "fr" },
  { id: "ben", language: "en" },
  { id: "cleo", language: "de" },
] as const;
let airportIds: number[] = [];

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  airportIds = (
    await db
      .insert(airports)
      .values([
        { icaoCode: "LSGG", servedCity: "Genève" },
        { icaoCode: "LFMN", servedCity: "Nice" },
      ])
      .returning()
  ).map((a) => a.id);
  await db.insert(users).values([
    { id: STAFF, email: "staff@example.ch", passwordHash: "x", firstName: "Sam", lastName: "Staff", role: "admin" },
    ...WAITERS.map(({ id, language }) => ({
      id,
      email: `${id}@example.ch`,
      passwordHash: "x",
      firstName: id,
      lastName: "W",
      language,
    })),
    { id: "dora", email: "dora@example.ch", passwordHash: "x", firstName: "Dora", lastName: "W" },
  ]);
});
afterAll(() => dispose());
beforeEach(async () => {
  clock = new Date("2026-11-23T10:00:00Z");
  transport = recordingTransport();
  context = createTestContext({ d1, now: () => clock, transport });
  await db.delete(rateLimits);
});

let flightNumber = 0;
/** A PC-12 flight of 4 seats leaving in 3 days (sold out by staff when `soldOut`). */
async function flight({ seats = 4, soldOut = null }: { seats?: number; soldOut?: boolean | null } = {}) {
  const id = `wait-flight-${++flightNumber}`;
  const departure = new Date(clock.getTime() + 3 * 86_400_000 + flightNumber * 60_000);
  await db.insert(flights).values({
    id,
    departureAirportId: airportIds[0]!,
    arrivalAirportId: airportIds[1]!,
    departureDate: departure,
    arrivalDate: new Date(departure.getTime() + 3_600_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: seats,
    soldOutOverride: soldOut,
    refreshedAt: clock,
  });
  return id;
}

/** A pending order of `seats` seats, holding them for 30 minutes. */
async function pendingOrder(flightId: string, seats: number) {
  const [row] = await db.select({ available: flights.availableSeats }).from(flights).where(eq(flights.id, flightId));
  const orderId = crypto.randomUUID();
  const result = await placeOrder(db, {
    orderId,
    reference: `JM-W${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
    linkKeyHash: crypto.randomUUID().replaceAll("-", "").padEnd(64, "b"),
    flightId,
    request: { kind: "seats", seats },
    seenAvailableSeats: row!.available,
    userId: null,
    customerInfo: {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea@example.ch",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    },
    passengers: Array.from({ length: seats }, (_, i) => `Passager ${i + 1}`),
    language: "fr",
    idempotencyKey: crypto.randomUUID(),
    holdExpiresAt: new Date(clock.getTime() + 30 * 60_000),
    clientKey: "test-network",
    now: clock,
  });
  if (result.status !== "created") throw new Error(`setup: ${result.status}`);
  return orderId;
}

/** Each waiter joins, a minute after the one before. */
async function joinAll(flightId: string, who: readonly string[] = WAITERS.map((w) => w.id)) {
  for (const userId of who) {
    clock = new Date(clock.getTime() + 60_000);
    expect(await changeWaitlist(context, { userId, ip: "203.0.113.9", intent: "join", flightId })).toEqual({
      ok: true,
      intent: "join",
      changed: true,
    });
  }
}

/** The seat_released notifications of the flight, in the order they were written. */
const toldOf = async (flightId: string) =>
  (
    await db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.flightId, flightId), eq(notifications.type, "seat_released")))
      .orderBy(asc(notifications.id))
  ).map((row) => row.userId);
/** The waitlist mails, in the order they were stored. */
const mailedFor = async (flightId: string) =>
  (
    await db
      .select({ to: mailOutbox.toAddress, data: mailOutbox.data })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "waitlist/seat-released"))
      .orderBy(asc(mailOutbox.id))
  )
    .filter((mail) => String(mail.data.bookUrl).endsWith(`/checkout/${flightId}`))
    .map((mail) => mail.to);

describe("joining and leaving", () => {
  it("joins a sold-out flight once, leaves it, and refuses a flight with seats, an unknown or a departed one", async () => {
    const full = await flight({ soldOut: true });
    const join = (flightId: string) =>
      changeWaitlist(context, { userId: "dora", ip: "203.0.113.7", intent: "join", flightId });
    const leave = (flightId: string) =>
      changeWaitlist(context, { userId: "dora", ip: "203.0.113.7", intent: "leave", flightId });
    expect(await join(full)).toEqual({ ok: true, intent: "join", changed: true });
    expect(await join(full)).toEqual({ ok: true, intent: "join", changed: false });
    expect(await db.$count(waitlist, eq(waitlist.userId, "dora"))).toBe(1);
    expect(await leave(full)).toEqual({ ok: true, intent: "leave", changed: true });
    expect(await leave(full)).toEqual({ ok: true, intent: "leave", changed: false });

    expect(await join(await flight())).toEqual({ ok: false, reason: "notSoldOut" });
    expect(await join("no-such-flight")).toEqual({ ok: false, reason: "notFound" });
    const departed = await flight({ soldOut: true });
    clock = new Date(clock.getTime() + 10 * 86_400_000);
    expect(await join(departed)).toEqual({ ok: false, reason: "notFound" });
    expect(await db.$count(waitlist, eq(waitlist.userId, "dora"))).toBe(0);
  });

  it("counts a flight sold out by live seats only: a hold past its end frees its seats", async () => {
    const id = await flight();
    await pendingOrder(id, 4);
    expect(
      await changeWaitlist(context, { userId: "dora", ip: "203.0.113.7", intent: "join", flightId: id }),
    ).toMatchObject({ ok: true });
    await changeWaitlist(context, { userId: "dora", ip: "203.0.113.7", intent: "leave", flightId: id });
    clock = new Date(clock.getTime() + 31 * 60_000);
    expect(await changeWaitlist(context, { userId: "dora", ip: "203.0.113.7", intent: "join", flightId: id })).toEqual({
      ok: false,
      reason: "notSoldOut",
    });
  });

  it("caps the flights one user waits for, and the joins per user and per network", async () => {
    const ids = [];
    for (let i = 0; i <= MAX_WAITLIST_ENTRIES; i++) ids.push(await flight({ soldOut: true }));
    const join = (flightId: string, ip = "203.0.113.8") =>
      changeWaitlist(context, { userId: "dora", ip, intent: "join", flightId });
    for (const id of ids.slice(0, MAX_WAITLIST_ENTRIES))
      expect(await join(id)).toMatchObject({ ok: true, changed: true });
    expect(await join(ids[MAX_WAITLIST_ENTRIES]!)).toEqual({ ok: false, reason: "tooMany" });
    expect(await db.$count(waitlist, eq(waitlist.userId, "dora"))).toBe(MAX_WAITLIST_ENTRIES);
    // Clicks on a flight already joined count too: the cap is on requests, not rows.
    const left = WAITLIST_LIMITS.joinsPerUser.limit - MAX_WAITLIST_ENTRIES - 1;
    for (let i = 0; i < left; i++) expect(await join(ids[0]!)).toMatchObject({ ok: true, changed: false });
    expect(await join(ids[0]!)).toEqual({ ok: false, reason: "rateLimited" });
    // A fresh hour starts over.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await join(ids[0]!)).toMatchObject({ ok: true });

    // New accounts on one network do not reset the network's count.
    await db.delete(rateLimits);
    for (let i = 0; i < WAITLIST_LIMITS.joinsPerNetwork.limit; i++) {
      await changeWaitlist(context, {
        userId: WAITERS[i % 3]!.id,
        ip: "198.51.100.4",
        intent: "leave",
        flightId: ids[0]!,
      });
      await changeWaitlist(context, {
        userId: WAITERS[i % 3]!.id,
        ip: "198.51.100.4",
        intent: "join",
        flightId: ids[0]!,
      });
    }
    expect(
      await changeWaitlist(context, { userId: "dora", ip: "198.51.100.4", intent: "join", flightId: ids[1]! }),
    ).toEqual({ ok: false, reason: "rateLimited" });
    await db.delete(waitlist);
  });
});

describe("/waitlist", () => {
  /** The toast a redirect flashed, as the next page would show it. */
  async function toastOf(result: HandlerResult) {
    const cookie = cookiePair(result.setCookies.find((value) => value.startsWith("jm_toast=")));
    return (await getToast(get("/", { cookie }), context)).toast;
  }
  const send = (fields: Record<string, string>, cookie?: string) =>
    run(waitlistAction, post("/waitlist", fields, { cookie }), context);

  it("signed out, offers to sign in and come back, as the heart does, and writes nothing", async () => {
    const id = await flight({ soldOut: true });
    const result = await send({ intent: "join", flightId: id, redirectTo: `/checkout/${id}` });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/checkout/${id}`);
    expect(await toastOf(result)).toMatchObject({
      type: "error",
      title: "Connexion requise",
      description: "Vous devez être connecté pour être prévenu quand une place se libère",
      action: { label: "Se connecter", href: `/login?${new URLSearchParams({ redirectTo: `/checkout/${id}` })}` },
    });
    expect(await db.$count(waitlist, eq(waitlist.flightId, id))).toBe(0);
  });

  it("joins and leaves with the user's own row, back where the form was, and says why it refuses", async () => {
    const id = await flight({ soldOut: true });
    const cookie = cookiePair(await startSession(get("/"), context, "dora"));
    const joined = await send({ intent: "join", flightId: id, redirectTo: "/home?from=Gen%C3%A8ve" }, cookie);
    expect(joined.location).toBe("/home?from=Gen%C3%A8ve");
    expect(await toastOf(joined)).toMatchObject({
      type: "success",
      description: "C'est noté : vous serez prévenu si une place se libère sur ce vol.",
    });
    expect(await db.select({ userId: waitlist.userId }).from(waitlist).where(eq(waitlist.flightId, id))).toEqual([
      { userId: "dora" },
    ]);
    const left = await send({ intent: "leave", flightId: id, redirectTo: "//evil.example" }, cookie);
    expect(left.location).toBe("/home");
    expect(await toastOf(left)).toMatchObject({
      type: "success",
      description: "Vous avez quitté la liste d'attente de ce vol.",
    });
    expect(await db.$count(waitlist, eq(waitlist.flightId, id))).toBe(0);

    expect(await toastOf(await send({ intent: "join", flightId: await flight() }, cookie))).toMatchObject({
      type: "error",
      description: "Ce vol n'est plus complet : vous pouvez le réserver dès maintenant.",
    });
    expect(await toastOf(await send({ intent: "wait", flightId: id }, cookie))).toMatchObject({
      type: "error",
      description: "Une erreur est survenue, veuillez réessayer.",
    });
  });

  it("joined from a card, the confirmation links to the flight's similar flights; on the flight's page, it need not", async () => {
    const cookie = cookiePair(await startSession(get("/"), context, "dora"));
    const fromCard = await flight({ soldOut: true });
    expect(
      await toastOf(await send({ intent: "join", flightId: fromCard, redirectTo: "/empty-legs" }, cookie)),
    ).toMatchObject({
      type: "success",
      action: { label: "Voir des vols similaires", href: `/checkout/${fromCard}#similar-flights` },
    });
    const onItsPage = await flight({ soldOut: true });
    const toast = await toastOf(
      await send({ intent: "join", flightId: onItsPage, redirectTo: `/checkout/${onItsPage}` }, cookie),
    );
    expect(toast).toMatchObject({ type: "success" });
    expect(toast).not.toHaveProperty("action");
  });
});

describe("a release", () => {
  it("after a refusal tells the waiting users oldest first, in their language, once", async () => {
    const id = await flight();
    const first = await pendingOrder(id, 2);
    await pendingOrder(id, 2);
    await joinAll(id);

    expect(await refuseOrder(context, { orderId: first, by: STAFF })).toEqual({ ok: true });
    expect(await toldOf(id)).toEqual(["ana", "ben", "cleo"]);
    expect(await mailedFor(id)).toEqual(["ana@example.ch", "ben@example.ch", "cleo@example.ch"]);
    // Stored as data, read in the reader's language (decision 024): here each waiter's own.
    const notes = await db
      .select()
      .from(notifications)
      .where(eq(notifications.flightId, id))
      .orderBy(asc(notifications.id));
    expect(notes.map((note) => [note.type, note.title, note.params?.from, note.params?.to])).toEqual(
      Array(3).fill(["seat_released", null, "Genève", "Nice"]),
    );
    const read = notes.map((note, index) => renderNotification(note, (["fr", "en", "de"] as const)[index]!));
    expect(read.map((note) => note.title)).toEqual([
      "Place libérée : Genève → Nice",
      "Seat free: Geneva → Nice",
      "Platz frei: Genf → Nizza",
    ]);
    expect(read[0]!.message).toMatch(
      /^Des places sont de nouveau disponibles sur le vol du \d+ novembre 2026 à \d\d:\d\d\./,
    );
    expect(read[0]!.href).toBe(`/checkout/${id}`);
    const mail = transport.sent.find((sent) => sent.to === "ben@example.ch")!;
    expect(mail.subject).toBe("A seat is free: Geneva → Nice – JetMalin");
    expect(mail.html).toContain(`http://localhost:8787/checkout/${id}`);
    expect(mail.text).toContain("Book this flight");

    // A second run, the cron's sweep or a replay of the same move: nobody twice.
    expect(await notifyWaitlist(context, { flightIds: [id] })).toEqual({
      ok: true,
      rearmed: 0,
      notified: 0,
      mailFailures: 0,
    });
    expect(await notifyWaitlist(context)).toMatchObject({ ok: true, notified: 0 });
    expect(await refuseOrder(context, { orderId: first, by: STAFF })).toEqual({ ok: false, reason: "notUpdated" });
    expect(await toldOf(id)).toEqual(["ana", "ben", "cleo"]);
    expect(await mailedFor(id)).toHaveLength(3);
  });

  it("two runs at once tell each user once", async () => {
    const id = await flight();
    const order = await pendingOrder(id, 4);
    await joinAll(id);
    await db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order));
    await db.update(flights).set({ seatsHeld: 0 }).where(eq(flights.id, id));
    const runs = await Promise.all([
      notifyWaitlist(context, { flightIds: [id] }),
      notifyWaitlist(context, { flightIds: [id] }),
      notifyWaitlist(context),
    ]);
    expect(runs.reduce((sum, result) => sum + (result.ok ? result.notified : 0), 0)).toBe(3);
    expect((await toldOf(id)).sort()).toEqual(["ana", "ben", "cleo"]);
    expect(await mailedFor(id)).toHaveLength(3);
  });

  it("sold out again, then released again, tells them again; a user who left hears nothing", async () => {
    const id = await flight();
    const first = await pendingOrder(id, 2);
    const second = await pendingOrder(id, 2);
    await joinAll(id);
    await refuseOrder(context, { orderId: first, by: STAFF });
    expect(await toldOf(id)).toEqual(["ana", "ben", "cleo"]);

    // The checkout takes the seats back: sold out again, the users wait for the next release.
    await pendingOrder(id, 2);
    await rearmAfterSale(context, id);
    expect(await db.$count(waitlist, and(eq(waitlist.flightId, id), isNotNull(waitlist.notifiedAt)))).toBe(0);
    await changeWaitlist(context, { userId: "ben", ip: "203.0.113.9", intent: "leave", flightId: id });
    clock = new Date(clock.getTime() + 60_000);
    await refuseOrder(context, { orderId: second, by: STAFF });
    expect(await toldOf(id)).toEqual(["ana", "ben", "cleo", "ana", "cleo"]);
    expect(await mailedFor(id)).toEqual([
      "ana@example.ch",
      "ben@example.ch",
      "cleo@example.ch",
      "ana@example.ch",
      "cleo@example.ch",
    ]);
  });

  it("a sale seen only by the cron's sweep re-arms too; an expired hold is a release", async () => {
    const id = await flight();
    const first = await pendingOrder(id, 4);
    await joinAll(id, ["ana"]);
    await refuseOrder(context, { orderId: first, by: STAFF });
    expect(await toldOf(id)).toEqual(["ana"]);
    const unpaid = await pendingOrder(id, 4);
    // No hook ran after this sale: the sweep sees the flight sold out and re-arms.
    expect(await notifyWaitlist(context)).toMatchObject({ ok: true, rearmed: 1, notified: 0 });
    clock = new Date(clock.getTime() + 31 * 60_000);
    // (The other tests' unpaid orders expire too: this D1 is the file's.)
    expect(await expireUnpaidHolds(context)).toBeGreaterThanOrEqual(1);
    expect(
      (await db.select({ reason: orders.cancelReason }).from(orders).where(eq(orders.id, unpaid)))[0]!.reason,
    ).toBe("expired");
    expect(await toldOf(id)).toEqual(["ana", "ana"]);
  });

  it("that leaves the flight sold out tells nobody; staff putting it back on sale tell them", async () => {
    const id = await flight();
    const held = await pendingOrder(id, 2);
    // Staff mark it sold out with seats left (the sold-out toggle).
    await db.update(flights).set({ soldOutOverride: true }).where(eq(flights.id, id));
    await joinAll(id, ["ana", "cleo"]);

    expect(await refuseOrder(context, { orderId: held, by: STAFF })).toEqual({ ok: true });
    expect(await toldOf(id)).toEqual([]);
    expect(
      await saveFlightRow(context, { input: { intent: "soldout", flightId: id, soldout: false }, staffId: STAFF }),
    ).toMatchObject({ ok: true, result: "unmarked" });
    expect(await toldOf(id)).toEqual(["ana", "cleo"]);
  });

  it("never stops the move that released the seats when telling fails", async () => {
    const id = await flight();
    const order = await pendingOrder(id, 4);
    await joinAll(id, ["ana"]);
    await d1.exec("ALTER TABLE notifications RENAME TO notifications_away");
    try {
      expect(await refuseOrder(context, { orderId: order, by: STAFF })).toEqual({ ok: true });
    } finally {
      await d1.exec("ALTER TABLE notifications_away RENAME TO notifications");
    }
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order)))[0]!.status).toBe(
      "cancelled",
    );
    // Nothing was claimed: the next run tells the user.
    expect(await notifyWaitlist(context, { flightIds: [id] })).toMatchObject({ ok: true, notified: 1 });
    expect(await toldOf(id)).toEqual(["ana"]);
  });
});
