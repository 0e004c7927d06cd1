// Web Push's lifecycle on a real D1 (decision 057): devices, the pushes a notification makes, 404/410, quiet hours
// and the daily cap. Pushes go to the local push service, which decrypts them with the device's private key.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Db } from "#app/db/client.server";
import { NOTIFICATION_TYPES } from "#app/db/schema";
import {
  airports,
  alertWatches,
  flights,
  mailOutbox,
  notifications,
  pushMessages,
  pushSubscriptions,
  users,
} from "#app/db/schema";
import { PUSHED_NOTIFICATION_TYPES } from "#app/utils/constants";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testFlight } from "#tests/flight-rows";

import { sendFlightAlerts } from "./flight-alerts.server";
import { createLocalDevice, forgetLocalDevice, listLocalPushes } from "./local-push-service.server";
import {
  deliverUserPushes,
  dispatchDuePushes,
  PUSH_SUBSCRIBE_LIMIT,
  pushDevices,
  removePushDevice,
  subscribePushDevice,
} from "./push.server";
import type { PushTransport } from "./push-transport.server";

const APP_URL = "http://localhost:8787";
// 10:00 in Zurich (CET), a Monday.
const MORNING = new Date("2026-11-23T09:00:00Z");
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
    [
      "rate_limits",
      "dev_push_inbox",
      "dev_push_devices",
      "push_messages",
      "push_subscriptions",
      "mail_outbox",
      "alert_deliveries",
      "notifications",
      "alert_watches",
      "flights",
      "airports",
      "users",
    ].map((t) => d1.prepare(`delete from ${t}`)),
  );
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
  ]);
});

const context = (now: Date, push?: PushTransport) =>
  createTestContext({ d1, now: () => now, transport: recordingTransport(), push });

async function addCustomer(id: string, language: "fr" | "en" | "de" = "fr") {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.ch`, passwordHash: "x", firstName: id, lastName: "T", language });
  await db.insert(alertWatches).values({ userId: id, fromKind: "country", fromValue: "Switzerland" });
}

/** A device of the local push service, subscribed through the alerts page's service. */
async function addDevice(userId: string, now = MORNING) {
  const subscription = await createLocalDevice(db, APP_URL);
  const outcome = await subscribePushDevice(context(now), {
    userId,
    subscription: { endpoint: subscription.endpoint, ...subscription.keys },
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  });
  expect(outcome).toEqual({ ok: true });
  return subscription;
}

const received = async () =>
  (await listLocalPushes(db)).map((push) => JSON.parse(push.payload) as { title: string; body: string; url: string });

/** A notification written as any producer writes one (the trigger makes its push). */
async function notify(userId: string, title: string, at: Date) {
  await db.insert(notifications).values({ userId, type: "flight_alert", title, message: "m", createdAt: at });
}

describe("instant flight alerts by push", () => {
  it("pushes each new matching leg to a watcher's device in their language, opening its checkout, instead of the mail", async () => {
    await addCustomer("ana", "de");
    await addCustomer("ben", "fr");
    await addDevice("ana");
    await db.insert(flights).values(
      testFlight("gva-nce", {
        from: 1,
        to: 2,
        departure: new Date(MORNING.getTime() + 30 * HOUR),
        refreshedAt: MORNING,
      }),
    );

    await sendFlightAlerts(context(MORNING), { flightIds: ["gva-nce"] });

    expect(await received()).toEqual([
      {
        title: "Neuer Flug: Genf → Nizza",
        body: expect.stringContaining("Abflug am") as string,
        url: "/checkout/gva-nce",
        tag: expect.stringMatching(/^n\d+$/) as string,
      },
    ]);
    // The mail stays for the watcher without push.
    const mails = await db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual(["ben@example.ch"]);
    const [device] = await pushDevices(context(MORNING), "ana");
    expect(device).toMatchObject({ device: "Chrome · Linux", lastPushAt: MORNING });
  });
});

describe("the subscription's lifecycle", () => {
  it("lists the devices, removes one only for its owner, and refuses an endpoint that is not a push service's", async () => {
    await addCustomer("ana");
    await addCustomer("ben");
    await addDevice("ana");
    const [device] = await pushDevices(context(MORNING), "ana");
    expect(await removePushDevice(context(MORNING), { userId: "ben", deviceId: device!.id })).toBe(false);
    expect(await removePushDevice(context(MORNING), { userId: "ana", deviceId: device!.id })).toBe(true);
    expect(await pushDevices(context(MORNING), "ana")).toEqual([]);
    const keys = (await createLocalDevice(db, APP_URL)).keys;
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://localhost:8787/x",
      "https://fcm.googleapis.com.evil.test/x",
      `${APP_URL}/profile`,
    ])
      expect(
        await subscribePushDevice(context(MORNING), {
          userId: "ana",
          subscription: { endpoint, ...keys },
          userAgent: null,
        }),
      ).toEqual({ ok: false, reason: "badEndpoint" });
  });

  it("deletes a subscription whose push service answers 410 (the local service forgot the device)", async () => {
    await addCustomer("ana");
    const device = await addDevice("ana");
    await forgetLocalDevice(db, device.endpoint.split("/").at(-1)!);
    await notify("ana", "Gone", MORNING);
    expect(await deliverUserPushes(context(MORNING), "ana")).toMatchObject({ kind: "pushed", pushes: 1, gone: 1 });
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("deletes a subscription whose push service answers 404, and keeps one that answers 500", async () => {
    await addCustomer("ana");
    await addDevice("ana");
    const answering = (status: number): PushTransport => ({ send: async () => status });
    await notify("ana", "Busy", MORNING);
    expect(await deliverUserPushes(context(MORNING, answering(500)), "ana")).toMatchObject({ failed: 1, gone: 0 });
    expect(await db.select().from(pushSubscriptions)).toHaveLength(1);
    await notify("ana", "Not found", MORNING);
    expect(await deliverUserPushes(context(MORNING, answering(404)), "ana")).toMatchObject({ gone: 1 });
    expect(await db.select().from(pushSubscriptions)).toEqual([]);
  });

  it("pushes a released seat, a cancelled or retimed booking, not what the customer did themselves", async () => {
    await addCustomer("ana");
    await addDevice("ana");
    const types = NOTIFICATION_TYPES.filter((type) => type !== "flight_alert");
    for (const type of types)
      await db.insert(notifications).values({
        userId: "ana",
        type,
        title: type,
        message: "m",
        createdAt: MORNING,
      });
    const pushed = await db
      .select({ type: notifications.type })
      .from(pushMessages)
      .innerJoin(notifications, eq(notifications.id, pushMessages.notificationId))
      .orderBy(pushMessages.id);
    expect(pushed.map((row) => row.type)).toEqual([
      "seat_released",
      "order_flight_cancelled",
      "order_rescheduled",
      "order_cancelled",
    ]);
    // The trigger's list is the constant's (flight_alert: the first describe).
    expect([...PUSHED_NOTIFICATION_TYPES].sort()).toEqual(["flight_alert", ...pushed.map((row) => row.type)].sort());
  });

  it("turns push on at most 20 times an hour per customer, devices removed in between or not", async () => {
    await addCustomer("ana");
    const turnOn = async () => {
      const subscription = await createLocalDevice(db, APP_URL);
      const outcome = await subscribePushDevice(context(MORNING), {
        userId: "ana",
        subscription: { endpoint: subscription.endpoint, ...subscription.keys },
        userAgent: null,
      });
      const [device] = await pushDevices(context(MORNING), "ana");
      if (device) await removePushDevice(context(MORNING), { userId: "ana", deviceId: device.id });
      return outcome;
    };
    for (let n = 1; n <= PUSH_SUBSCRIBE_LIMIT.limit; n++) expect(await turnOn()).toEqual({ ok: true });
    expect(await turnOn()).toEqual({ ok: false, reason: "rateLimited" });
  });

  it("takes a browser's push service endpoint", async () => {
    await addCustomer("ana");
    const keys = (await createLocalDevice(db, APP_URL)).keys;
    const endpoint = "https://fcm.googleapis.com/fcm/send/dXJvbm5hLWRldmljZQ";
    expect(
      await subscribePushDevice(context(MORNING), {
        userId: "ana",
        subscription: { endpoint, ...keys },
        userAgent: null,
      }),
    ).toEqual({ ok: true });
    expect(await pushDevices(context(MORNING), "ana")).toMatchObject([{ device: "Browser" }]);
  });

  it("writes no push for a customer without a device", async () => {
    await addCustomer("ana");
    await notify("ana", "Nobody", MORNING);
    expect(await db.select().from(pushMessages)).toEqual([]);
  });
});

describe("quiet hours and the daily cap", () => {
  it("defers a push written at 23:00 in Zurich to 07:00, when the five-minute cron sends it", async () => {
    await addCustomer("ana");
    await addDevice("ana");
    const night = new Date("2026-11-23T22:00:00Z"); // 23:00 in Zurich
    await notify("ana", "Late leg", night);
    expect(await deliverUserPushes(context(night), "ana")).toEqual({
      kind: "deferred",
      until: new Date("2026-11-24T06:00:00Z"),
    });
    expect(await received()).toEqual([]);
    // 06:55 in Zurich: still waiting.
    expect(await dispatchDuePushes(context(new Date("2026-11-24T05:55:00Z")))).toEqual({ users: 0 });
    expect(await dispatchDuePushes(context(new Date("2026-11-24T06:00:00Z")))).toEqual({ users: 1 });
    expect((await received()).map((push) => push.title)).toEqual(["Late leg"]);
  });

  it("sends at most 3 pushes a Zurich day per person, the others capped, and again the next day", async () => {
    await addCustomer("ana");
    await addDevice("ana");
    for (let n = 1; n <= 5; n++) await notify("ana", `Leg ${n}`, new Date(MORNING.getTime() - 10 + n));
    expect(await deliverUserPushes(context(MORNING), "ana")).toMatchObject({ pushes: 3 });
    await notify("ana", "Leg 6", new Date(MORNING.getTime() + 2 * HOUR));
    expect(await deliverUserPushes(context(new Date(MORNING.getTime() + 2 * HOUR)), "ana")).toMatchObject({
      pushes: 0,
    });
    const outcomes = await db.select({ outcome: pushMessages.outcome }).from(pushMessages).orderBy(pushMessages.id);
    expect(outcomes.map((row) => row.outcome)).toEqual(["sent", "sent", "sent", "capped", "capped", "capped"]);
    const nextDay = new Date("2026-11-24T08:00:00Z");
    await notify("ana", "Leg 7", nextDay);
    expect(await deliverUserPushes(context(nextDay), "ana")).toMatchObject({ pushes: 1 });
    expect((await received()).map((push) => push.title).sort()).toEqual(["Leg 1", "Leg 2", "Leg 3", "Leg 7"]);
  });

  it("never passes the cap with two deliveries of one customer at once", async () => {
    await addCustomer("ana");
    await addDevice("ana");
    for (let n = 1; n <= 5; n++) await notify("ana", `Leg ${n}`, new Date(MORNING.getTime() - 10 + n));
    await Promise.all([deliverUserPushes(context(MORNING), "ana"), deliverUserPushes(context(MORNING), "ana")]);
    expect(await received()).toHaveLength(3);
    const sent = await db.select().from(pushMessages).where(eq(pushMessages.outcome, "sent"));
    expect(sent).toHaveLength(3);
  });
});
