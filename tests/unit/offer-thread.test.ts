/**
 * Who reads an offer and writes in its request's thread (docs/decisions/058-offers.md), through the pages' own loaders
 * and actions on a real D1: the request's customer signed in, the holder of the offer's mailed link, staff with
 * `requests:manage` from the request's back-office page; nobody else, and a link opens its own version only.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sessionCookie } from "#app/accounts/session.server";
import { createSession } from "#app/accounts/sessions.queries.server";
import { airports, customRequests, mailOutbox, offerMessages, users } from "#app/db/schema";
import { findOffer } from "#app/orders/offers.queries.server";
import { makeOffer } from "#app/orders/offers.server";
import { action as staffAction } from "#app/routes/admin.requests_.$kind.$requestId/route";
import { action as offerAction, loader as offerLoader } from "#app/routes/offers.$offerId/route";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";
import { testUser } from "#tests/user-rows";

import { cookiePair, get, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
let context: AppLoadContext;
const now = new Date("2026-11-24T10:00:00Z");
const request = { kind: "custom" as const, id: "thread-request" };
const cookies: Record<"clara" | "bruno" | "staff", string> = { clara: "", bruno: "", staff: "" };
const links: Array<{ offerId: string; key: string }> = [];

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  context = createTestContext({ d1, now });
  const { db } = context;
  await db.insert(users).values([testUser("clara"), testUser("bruno"), testUser("staff", { role: "gestionnaire" })]);
  await enrolSecondFactor(db, ["staff"], now);
  for (const name of ["clara", "bruno", "staff"] as const) {
    const { token } = await createSession(db, name, now);
    cookies[name] = cookiePair(await sessionCookie(context).serialize(token));
  }
  await db.insert(airports).values([
    { icaoCode: "LSGG", servedCity: "Genève" },
    { icaoCode: "LFMN", servedCity: "Nice" },
  ]);
  await db.insert(customRequests).values({
    ...request,
    userId: "clara",
    departure: "Genève",
    arrival: "Nice",
    date: "2026-12-20",
    passengers: 2,
    firstName: "Clara",
    lastName: "T",
    email: "clara@example.ch",
    phone: "+41 79 000 00 00",
    idempotencyKey: "thread-request-key",
  });
  const form = {
    intent: "offer" as const,
    from: "LSGG",
    to: "LFMN",
    day: "2026-12-20",
    time: "09:30",
    windowHours: 0,
    flightMinutes: 60,
    aircraftId: "pc12-ngx",
    seats: 2,
    priceEuros: 6_000,
    included: "Catering",
    expiryHours: 48,
    operatorName: "Alpes Jet SA",
    operatorAoc: "CH.AOC.1042",
    operatorState: "CH",
  };
  // Two versions: each mail carries its own link.
  for (const time of ["09:30", "10:30"]) await makeOffer(context, { request, form: { ...form, time }, by: "staff" });
  const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "clara@example.ch"));
  for (const mail of mails) {
    const [, offerId, key] = /\/offers\/([\w-]+)\?key=([\w-]+)/.exec(mail.text)!;
    links.push({ offerId: offerId!, key: key! });
  }
});
afterAll(() => dispose());

const thread = () => context.db.select().from(offerMessages).where(eq(offerMessages.requestId, request.id));

async function write(path: string, body: string, cookie?: string, handler = offerAction, params?: object) {
  const [, , offerId] = path.split(/[/?]/);
  return run(handler, post(path, { intent: "message", body }, { cookie }), context, {
    offerId: offerId!,
    ...params,
  });
}

describe("the customer's offer page", () => {
  it("lets the link's holder, without an account, and the signed-in customer read and write", async () => {
    const [v1] = links;
    const page = await run(offerLoader, get(`/offers/${v1!.offerId}?key=${v1!.key}`), context, {
      offerId: v1!.offerId,
    });
    expect(page.status).toBe(200);
    expect((page.body as { offer: { state: string } }).offer.state).toBe("superseded");

    expect((await write(`/offers/${v1!.offerId}?key=${v1!.key}`, "Le traiteur est-il casher ?")).status).toBe(302);
    expect((await write(`/offers/${v1!.offerId}`, "Et les bagages ?", cookies.clara)).status).toBe(302);
    expect((await thread()).map((message) => [message.author, message.userId, message.body])).toEqual([
      ["customer", null, "Le traiteur est-il casher ?"],
      ["customer", "clara", "Et les bagages ?"],
    ]);
  });

  it("answers 404 to anyone else, and to a link of another version, writing nothing", async () => {
    const [v1, v2] = links;
    const before = (await thread()).length;
    const refused = [
      await write(`/offers/${v1!.offerId}`, "sans clé"),
      await write(`/offers/${v1!.offerId}?key=${v2!.key}`, "clé d'une autre version"),
      await write(`/offers/${v1!.offerId}?key=not-a-key`, "fausse clé"),
      await write(`/offers/${v1!.offerId}`, "un autre client", cookies.bruno),
      // Staff read the customer's page but answer from the request's own page.
      await write(`/offers/${v1!.offerId}`, "staff ici", cookies.staff),
    ];
    expect(refused.map((result) => result.status)).toEqual([404, 404, 404, 404, 404]);
    const anonymous = await run(offerLoader, get(`/offers/${v2!.offerId}`), context, { offerId: v2!.offerId });
    expect(anonymous.status).toBe(404);
    expect((await thread()).length).toBe(before);
  });

  it("refuses an empty or overlong message with 400 and the form's message", async () => {
    const [, v2] = links;
    const empty = await write(`/offers/${v2!.offerId}?key=${v2!.key}`, "   ");
    const long = await write(`/offers/${v2!.offerId}?key=${v2!.key}`, "x".repeat(1001));
    expect([empty.status, long.status]).toEqual([400, 400]);
    expect(JSON.stringify(empty.body)).toContain("errors.message");
    expect(JSON.stringify(long.body)).toContain("errors.messageTooLong");
  });

  it("lets the link's holder decline the open version, once", async () => {
    const [, v2] = links;
    const decline = () =>
      run(offerAction, post(`/offers/${v2!.offerId}?key=${v2!.key}`, { intent: "decline" }), context, {
        offerId: v2!.offerId,
      });
    expect((await decline()).status).toBe(302);
    expect((await findOffer(context.db, v2!.offerId))!.status).toBe("declined");
    expect((await decline()).status).toBe(409);
  });
});

describe("the request's back-office page", () => {
  const path = `/admin/requests/${request.kind}/${request.id}`;
  const params = { kind: request.kind, requestId: request.id };
  const staffWrite = (cookie?: string) =>
    run(staffAction, post(path, { intent: "message", body: "Oui, sur demande." }, { cookie }), context, params);

  it("takes staff's answer into the same thread", async () => {
    expect((await staffWrite(cookies.staff)).status).toBe(302);
    expect((await thread()).at(-1)).toMatchObject({ author: "staff", userId: "staff", body: "Oui, sur demande." });
  });

  it("refuses the customer (403) and a visitor (sent to sign in)", async () => {
    const before = (await thread()).length;
    expect((await staffWrite(cookies.clara)).status).toBe(403);
    const anonymous = await staffWrite();
    expect([anonymous.status, anonymous.location]).toEqual([
      302,
      "/login?redirectTo=%2Fadmin%2Frequests%2Fcustom%2Fthread-request",
    ]);
    expect((await thread()).length).toBe(before);
  });
});
