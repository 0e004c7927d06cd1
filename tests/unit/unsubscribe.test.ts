/**
 * One-click unsubscribe (docs/decisions/018-one-click-unsubscribe.md) on a real D1: the
 * alert mail carries the List-Unsubscribe headers and the same visible link; the link works
 * signed out (GET asks, the form or an RFC 8058 one-click POST unsubscribes), through the
 * request guards as server.ts runs them, cross-site included; a bad token is the 'invalid'
 * state, never a 500; a replay changes nothing. The newsletter's link does the same.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { airports, alertWatches, flights, mailOutbox, newsletterSubscribers, users } from "#app/db/schema";
import { confirmSubscription } from "#app/requests/newsletter.server";
import { requestNewsletterSubscription } from "#app/requests/requests.queries.server";
import { action, loader } from "#app/routes/alerts.unsubscribe";
import { action as newsletterUnsubscribeAction } from "#app/routes/newsletter_.unsubscribe";
import { guardRequest } from "#app/utils/request-guards.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { get, post, run } from "./remix";

const NOW = new Date("2026-11-23T09:00:00Z");
const HOUR = 3_600_000;
const ONE_CLICK = "List-Unsubscribe=One-Click";
let d1: D1Database;
let dispose: () => Promise<void>;
let transport: ReturnType<typeof recordingTransport>;
let context: AppLoadContext;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  const { db } = createTestContext({ d1 });
  await db.insert(airports).values([
    { id: 1, icaoCode: "LSGG", servedCity: "Genève", country: "Switzerland" },
    { id: 2, icaoCode: "LFMN", servedCity: "Nice", country: "France" },
  ]);
  await db.insert(flights).values({
    id: "gva-nce",
    departureAirportId: 1,
    arrivalAirportId: 2,
    departureDate: new Date(NOW.getTime() + 5 * HOUR),
    arrivalDate: new Date(NOW.getTime() + 6 * HOUR),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: NOW,
  });
});
afterAll(() => dispose());
beforeEach(async () => {
  await d1.batch(
    ["mail_outbox", "alert_deliveries", "notifications", "alert_watches", "newsletter_subscribers", "users"].map(
      (table) => d1.prepare(`delete from ${table}`),
    ),
  );
  transport = recordingTransport();
  context = createTestContext({ d1, now: NOW, transport });
  await context.db.insert(users).values([
    { id: "lena", email: "lena@example.ch", passwordHash: "x", firstName: "Lena", lastName: "Alerte", language: "de" },
    { id: "marc", email: "marc@example.ch", passwordHash: "x", firstName: "Marc", lastName: "Alerte", language: "fr" },
  ]);
  await context.db.insert(alertWatches).values([
    { userId: "lena", fromKind: "country", fromValue: "Switzerland" },
    { userId: "lena", fromKind: "country", fromValue: "Germany" },
    { userId: "marc", fromKind: "country", fromValue: "Switzerland" },
  ]);
});

const watchesOf = async (userId: string) =>
  (await context.db.select().from(alertWatches).where(eq(alertWatches.userId, userId))).length;

/** Lena's alert mail, as stored and as it left: its header link and its visible one. */
async function lenasAlertMail() {
  expect(await sendFlightAlerts(context)).toMatchObject({ ok: true, kind: "sent", recipients: 2 });
  const [row] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "lena@example.ch"));
  const sent = transport.sent.find((mail) => mail.to === "lena@example.ch")!;
  const headerUrl = row!.headers!["List-Unsubscribe"]!.slice(1, -1);
  return { row: row!, sent, headerUrl, path: new URL(headerUrl).pathname + new URL(headerUrl).search };
}

/** A POST as a mail provider sends it (RFC 8058), through the guards as server.ts runs them. */
async function oneClick(path: string, { origin = "https://mail.provider.example", body = ONE_CLICK } = {}) {
  const request = new Request(`http://localhost:8787${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "cross-site" },
    body,
  });
  return guardRequest(request, { appUrl: context.env.APP_URL, isLocal: true });
}

describe("the alert mail", () => {
  it("carries List-Unsubscribe and List-Unsubscribe-Post, stored and sent, and shows the same link", async () => {
    const { row, sent, headerUrl } = await lenasAlertMail();
    expect(row.headers).toEqual({
      "List-Unsubscribe": `<${headerUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent.headers).toEqual(row.headers);
    expect(headerUrl).toMatch(/^http:\/\/localhost:8787\/alerts\/unsubscribe\?token=lena\.[\w-]+&lng=de$/);
    // The visible link, in the recipient's language, is the header's.
    expect(row.html).toContain(`href="${headerUrl.replace("&", "&amp;")}"`);
    expect(row.text).toContain(`Abmelden`);
    expect(row.text).toContain(headerUrl);
    // Each user has their own.
    const marc = transport.sent.find((mail) => mail.to === "marc@example.ch")!;
    expect(marc.headers!["List-Unsubscribe"]).toMatch(/token=marc\.[\w-]+&lng=fr>$/);
  });
});

describe("/alerts/unsubscribe", () => {
  it("asks for a click on GET, changing nothing; the form's POST unsubscribes, signed out", async () => {
    const { path } = await lenasAlertMail();
    const token = new URL(path, "http://x").searchParams.get("token")!;
    expect(await run(loader, get(path), context)).toMatchObject({
      status: 200,
      body: { state: "confirm", token, title: "Flugbenachrichtigungen abbestellen – JetMalin" },
    });
    expect(await watchesOf("lena")).toBe(2);

    expect(await run(action, post(path, { token }), context)).toMatchObject({ status: 200, body: { state: "done" } });
    expect(await watchesOf("lena")).toBe(0);
    expect(await watchesOf("marc")).toBe(1);
    expect(await run(loader, get(path), context)).toMatchObject({ body: { state: "done" } });
  });

  it("takes a cross-site one-click POST (RFC 8058), with the token in the link only", async () => {
    const { path } = await lenasAlertMail();
    const guarded = await oneClick(path);
    expect(guarded.ok).toBe(true);
    if (!guarded.ok) return;
    // Remix would answer an empty 500 to a cross-site Origin: the guard hands it on without.
    expect(guarded.request.headers.get("Origin")).toBeNull();
    expect(await run(action, guarded.request, context)).toMatchObject({ status: 200, body: { state: "done" } });
    expect(await watchesOf("lena")).toBe(0);

    // A replay (a provider's retry, a second click) is harmless.
    const again = await oneClick(path);
    expect(again.ok && (await run(action, again.request, context))).toMatchObject({
      status: 200,
      body: { state: "done" },
    });
    // An empty form body works too.
    const empty = await oneClick(path, { body: "" });
    expect(empty.ok && (await run(action, empty.request, context))).toMatchObject({
      status: 200,
      body: { state: "done" },
    });
  });

  it("answers 'invalid' to a token it did not make, never a 500, changing nothing", async () => {
    for (const token of [
      "",
      "lena",
      "lena.forged",
      "marc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "x".repeat(300),
    ]) {
      const path = `/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
      expect(await run(loader, get(path), context)).toMatchObject({ status: 200, body: { state: "invalid" } });
      expect(await run(action, post(path, { token }), context)).toMatchObject({
        status: 400,
        body: { state: "invalid" },
      });
      const guarded = await oneClick(path);
      expect(guarded.ok && (await run(action, guarded.request, context))).toMatchObject({
        status: 400,
        body: { state: "invalid" },
      });
    }
    expect(await run(loader, get("/alerts/unsubscribe"), context)).toMatchObject({
      body: { state: "invalid", token: "" },
    });
    // A body that is not the one-click one is refused as input, not as a crash.
    const { path } = await lenasAlertMail();
    const odd = await oneClick(path, { body: "List-Unsubscribe=Later" });
    expect(odd.ok && (await run(action, odd.request, context))).toMatchObject({
      status: 400,
      body: { state: "invalid" },
    });
    expect(await watchesOf("lena")).toBe(2);
  });

  it("stays refused cross-site for every other path, and keeps the body checks", async () => {
    expect(await oneClick("/profile/alerts")).toEqual({ ok: false, failure: "crossSite" });
    expect(await oneClick("/alerts/unsubscribe.data?token=x")).toEqual({ ok: false, failure: "crossSite" });
    expect(await oneClick("/alerts/unsubscribe?token=x&_data=routes%2Falerts.unsubscribe")).toEqual({
      ok: false,
      failure: "crossSite",
    });
    const json = new Request("http://localhost:8787/alerts/unsubscribe?token=x", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://mail.provider.example" },
      body: "{}",
    });
    expect(await guardRequest(json, { appUrl: context.env.APP_URL, isLocal: true })).toEqual({
      ok: false,
      failure: "unsupportedMediaType",
    });
  });
});

describe("the newsletter", () => {
  it("welcome mail carries the headers, and its link takes a cross-site one-click POST", async () => {
    const { confirmToken } = await requestNewsletterSubscription(context.db, {
      email: "nora@example.ch",
      language: "en",
      ip: "192.0.2.1",
      now: NOW,
    });
    expect(await confirmSubscription(context, { token: confirmToken!, ip: "192.0.2.1" })).toEqual({ ok: true });
    const welcome = transport.sent.find((mail) => mail.to === "nora@example.ch")!;
    const headerUrl = welcome.headers!["List-Unsubscribe"]!.slice(1, -1);
    expect(headerUrl).toMatch(/^http:\/\/localhost:8787\/newsletter\/unsubscribe\?token=[\w-]+$/);
    expect(welcome.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(welcome.text).toContain(headerUrl);

    const url = new URL(headerUrl);
    const guarded = await oneClick(url.pathname + url.search);
    expect(guarded.ok && (await run(newsletterUnsubscribeAction, guarded.request, context))).toMatchObject({
      status: 200,
      body: { state: "done" },
    });
    const [row] = await context.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "nora@example.ch"));
    expect(row!.unsubscribedAt).toEqual(NOW);
  });
});
