import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { airports, alertDeliveries, alertWatches, flights, mailOutbox, notifications, users } from "#app/db/schema";
import type { MailTransport } from "#app/mail/mail-transports.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { sendFlightAlerts } from "./flight-alerts.server";
import { renderNotification } from "./notifications.server";

const NOW = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());

beforeEach(async () => {
  await d1.batch(
    ["mail_outbox", "alert_deliveries", "notifications", "alert_watches", "flights", "airports", "users"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
    { id: 3, icaoCode: "EDDM", servedCity: "Munich", country: "Germany" },
  ]);
});

async function addFlight(
  id: string,
  from: number,
  to: number,
  departureInHours: number,
  extra: Partial<typeof flights.$inferInsert> = {},
) {
  const departure = new Date(NOW.getTime() + departureInHours * HOUR);
  await db.insert(flights).values(testFlight(id, { from, to, departure, refreshedAt: NOW, ...extra }));
}

async function addSubscriber(id: string, countries: string[], language: "fr" | "en" | "de" = "fr") {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.ch`, passwordHash: "x", firstName: id, lastName: "Test", language });
  if (countries.length)
    await db
      .insert(alertWatches)
      .values(countries.map((country) => ({ userId: id, fromKind: "country" as const, fromValue: country })));
}

type Place = readonly ["city" | "country", string];
async function addWatch(userId: string, from: Place, to: Place | null, windowDays: 7 | 14 | 30) {
  await db
    .insert(alertWatches)
    .values({ userId, fromKind: from[0], fromValue: from[1], toKind: to?.[0], toValue: to?.[1], windowDays });
}

const alertedFlights = async (userId: string) =>
  (
    await db
      .select({ flightId: alertDeliveries.flightId })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, userId))
  )
    .map((row) => row.flightId)
    .sort();

const context = (transport: MailTransport = recordingTransport(), now = NOW) =>
  createTestContext({ d1, now: () => now, transport });

describe("sendFlightAlerts", () => {
  it("says when nobody chose countries, and when no flight leaves in the next 7 days", async () => {
    expect(await sendFlightAlerts(context())).toEqual({ ok: true, kind: "noPreferences" });
    await addSubscriber("ana", ["Switzerland"]);
    await addFlight("late", 1, 2, 24 * 8);
    expect(await sendFlightAlerts(context())).toEqual({ ok: true, kind: "noFlights" });
  });

  it("alerts each (user, flight) pair once: one notification per flight, one mail per user in their language", async () => {
    await addSubscriber("ana", ["switzerland"], "en"); // case differs from the airport's
    await addSubscriber("bea", ["Switzerland", "Germany"], "de");
    await addSubscriber("carl", ["Italy"]);
    await addFlight("gva-nce", 1, 2, 5);
    await addFlight("gva-muc", 1, 3, 30);
    await addFlight("muc-gva", 3, 1, 50);
    await addFlight("soldout", 1, 2, 6, { soldOutOverride: true });
    await addFlight("past", 1, 2, -2);
    const transport = recordingTransport();

    // ana: 2 Swiss flights; bea: 2 Swiss + 1 German; carl: none.
    expect(await sendFlightAlerts(context(transport))).toEqual({ ok: true, kind: "sent", sent: 5, recipients: 2 });
    const anaNotes = await db.select().from(notifications).where(eq(notifications.userId, "ana"));
    expect(anaNotes.map((n) => n.flightId).sort()).toEqual(["gva-muc", "gva-nce"]);
    // Kept as data (decision 024): it reads in the language of whoever reads it.
    const gvaNce = anaNotes.find((n) => n.flightId === "gva-nce")!;
    expect(gvaNce).toMatchObject({ type: "flight_alert", title: null, message: null });
    expect(gvaNce.params).toEqual({
      from: "Genève",
      to: "Nice",
      fromIcao: "LSGG",
      toIcao: "LFMN",
      departure: NOW.getTime() + 5 * HOUR,
    });
    expect(renderNotification(gvaNce, "en")).toMatchObject({
      title: "New flight: Geneva → Nice",
      href: "/checkout/gva-nce",
    });
    expect(transport.sent.map((mail) => mail.to).sort()).toEqual(["ana@example.ch", "bea@example.ch"]);
    const beaMail = transport.sent.find((mail) => mail.to === "bea@example.ch")!;
    expect(beaMail.subject).toBe("3 neue Flüge für Ihre Alarme – JetMalin");
    // Cities in the recipient's language (app/content/city-names.ts).
    expect(beaMail.text).toContain("München → Genf");
    // Soonest first, each with its price per person (60 min x 50 EUR over 6 seats) in the recipient's format.
    const order = ["Genf → Nizza", "Genf → München", "München → Genf"].map((route) => beaMail.text.indexOf(route));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(beaMail.text.replace(/[\u00a0\u202f]/g, " ")).toContain("500 € pro Person");
    expect(transport.sent.find((mail) => mail.to === "ana@example.ch")!.text).toContain("€500 per person");

    // The second press alerts nobody again.
    expect(await sendFlightAlerts(context(transport))).toEqual({ ok: true, kind: "sent", sent: 0, recipients: 0 });
    expect((await db.select({ n: count() }).from(notifications))[0]!.n).toBe(5);
    expect((await db.select({ n: count() }).from(alertDeliveries))[0]!.n).toBe(5);
    expect(transport.sent).toHaveLength(2);
  });

  it("a failing mail stays in the outbox for a retry and does not stop the others", async () => {
    await addSubscriber("ana", ["Switzerland"]);
    await addSubscriber("bea", ["Switzerland"]);
    await addFlight("gva-nce", 1, 2, 5);
    const sent: string[] = [];
    const flaky: MailTransport = {
      name: "flaky",
      async send(mail) {
        if (mail.to === "ana@example.ch") throw new Error("mailbox full");
        sent.push(mail.to);
        return { providerMessageId: "ok" };
      },
    };
    expect(await sendFlightAlerts(context(flaky))).toEqual({ ok: true, kind: "sent", sent: 2, recipients: 2 });
    expect(sent).toEqual(["bea@example.ch"]);
    const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ana@example.ch"));
    expect(failed).toMatchObject({ status: "failed", lastError: "mailbox full" });
    expect(failed!.nextAttemptAt).not.toBeNull();
    // Both were notified in the app.
    expect((await db.select({ n: count() }).from(notifications))[0]!.n).toBe(2);
  });

  it("only the given flights when the sync asks for its new ones", async () => {
    await addSubscriber("ana", ["Switzerland"]);
    await addFlight("old", 1, 2, 5);
    await addFlight("new", 1, 3, 6);
    expect(await sendFlightAlerts(context(), { flightIds: ["new"] })).toMatchObject({
      ok: true,
      kind: "sent",
      sent: 1,
    });
    expect((await db.select().from(notifications)).map((n) => n.flightId)).toEqual(["new"]);
  });

  it("matches watches by departure city or country, by arrival when given, within each watch's window", async () => {
    await addFlight("gva-nce", 1, 2, 5);
    await addFlight("gva-muc", 1, 3, 30);
    await addFlight("nce-gva-d10", 2, 1, 24 * 10 + 1);
    await addFlight("gva-nce-d20", 1, 2, 24 * 20);
    await addFlight("gva-muc-d38", 1, 3, 24 * 38);
    await addSubscriber("city7", []);
    await addWatch("city7", ["city", "genève"], null, 7); // case differs from the airport's
    await addSubscriber("route30", []);
    await addWatch("route30", ["city", "Genève"], ["country", "FRANCE"], 30);
    await addSubscriber("france14", []);
    await addWatch("france14", ["country", "France"], null, 14);
    await addSubscriber("france7", []);
    await addWatch("france7", ["country", "France"], null, 7);
    await addSubscriber("toMunich", []);
    await addWatch("toMunich", ["country", "Switzerland"], ["city", "Munich"], 30);
    await addSubscriber("both", []);
    await addWatch("both", ["city", "Genève"], ["city", "Nice"], 7);
    await addWatch("both", ["country", "Switzerland"], null, 30);

    // 2 + 2 + 1 + 0 + 1 + 3 pairs; a flight two watches of one user match is one pair.
    expect(await sendFlightAlerts(context())).toEqual({ ok: true, kind: "sent", sent: 9, recipients: 5 });
    expect(await alertedFlights("city7")).toEqual(["gva-muc", "gva-nce"]);
    expect(await alertedFlights("route30")).toEqual(["gva-nce", "gva-nce-d20"]);
    expect(await alertedFlights("france14")).toEqual(["nce-gva-d10"]);
    expect(await alertedFlights("france7")).toEqual([]);
    expect(await alertedFlights("toMunich")).toEqual(["gva-muc"]);
    expect(await alertedFlights("both")).toEqual(["gva-muc", "gva-nce", "gva-nce-d20"]);
    expect((await db.select().from(notifications).where(eq(notifications.userId, "both"))).length).toBe(3);

    // Ten days on, flights come within the windows: 38 days out is now 28, 10 days out now 1 hour.
    const later = new Date(NOW.getTime() + 10 * 24 * HOUR);
    expect(await sendFlightAlerts(context(recordingTransport(), later))).toMatchObject({
      ok: true,
      kind: "sent",
      sent: 3,
    });
    expect(await alertedFlights("france7")).toEqual(["nce-gva-d10"]);
    expect(await alertedFlights("both")).toContain("gva-muc-d38");
    expect(await alertedFlights("toMunich")).toContain("gva-muc-d38");
  });

  it("the weekly cap: no mail past it, the notifications still; a week later mails again", async () => {
    await addSubscriber("capped", ["Switzerland"]);
    await addSubscriber("free", ["Switzerland"]);
    await db.update(users).set({ alertWeeklyCap: 1 }).where(eq(users.id, "capped"));
    const transport = recordingTransport();
    const mailsTo = (user: string) => transport.sent.filter((mail) => mail.to === `${user}@example.ch`).length;
    const notesOf = async (user: string) =>
      (await db.select().from(notifications).where(eq(notifications.userId, user))).length;

    await addFlight("first", 1, 2, 5);
    await sendFlightAlerts(context(transport));
    await addFlight("second", 1, 3, 6);
    expect(await sendFlightAlerts(context(transport))).toEqual({ ok: true, kind: "sent", sent: 2, recipients: 2 });
    expect([mailsTo("capped"), await notesOf("capped")]).toEqual([1, 2]);
    expect([mailsTo("free"), await notesOf("free")]).toEqual([2, 2]);
    // The capped pair is marked notified: it is not mailed later either.
    expect(
      (await db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, "capped"))).every(
        (row) => row.notifiedAt !== null,
      ),
    ).toBe(true);

    // Eight days on, last week's mail no longer counts.
    const nextWeek = new Date(NOW.getTime() + 8 * 24 * HOUR);
    await addFlight("third", 1, 2, 8 * 24 + 5);
    await sendFlightAlerts(context(transport, nextWeek));
    expect([mailsTo("capped"), await notesOf("capped")]).toEqual([2, 3]);
  });
});

describe("an alert's notification", () => {
  it("made for a French customer reads in German on a German page, with the link to its flight", async () => {
    await addSubscriber("fabienne", ["Switzerland"], "fr");
    await addFlight("gva-muc", 1, 3, 30);
    const transport = recordingTransport();
    expect(await sendFlightAlerts(context(transport))).toMatchObject({ ok: true, kind: "sent", sent: 1 });
    // The mail went out in her language...
    expect(transport.sent[0]!.text).toContain("Genève → Munich");
    const [note] = await db.select().from(notifications).where(eq(notifications.userId, "fabienne"));
    // ...the notification reads in the language of the page that shows it.
    expect(renderNotification(note!, "fr")).toEqual({
      title: "Nouveau vol : Genève → Munich",
      message: "Départ le 24 novembre 2026 à 16:00. Réservez avant qu'il ne soit complet.",
      href: "/checkout/gva-muc",
      link: "openFlight",
    });
    expect(renderNotification(note!, "de")).toEqual({
      title: "Neuer Flug: Genf → München",
      message: "Abflug am 24. November 2026 um 16:00. Buchen Sie, bevor er ausgebucht ist.",
      href: "/checkout/gva-muc",
      link: "openFlight",
    });
    // The flight gone, the text stays (from its params) and the link goes.
    await db.delete(alertDeliveries);
    await db.delete(flights).where(eq(flights.id, "gva-muc"));
    const [orphan] = await db.select().from(notifications).where(eq(notifications.userId, "fabienne"));
    expect(renderNotification(orphan!, "en")).toMatchObject({ title: "New flight: Geneva → Munich", href: null });
  });
});
