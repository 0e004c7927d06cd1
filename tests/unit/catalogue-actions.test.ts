/**
 * The catalogue's small actions end to end on a real D1 (decision 014's one shape): the
 * newsletter's double opt-in, the cookie choice, the hearts and the notification panel.
 * Bad input is a 4xx or a toast with the spec's text, never a 500.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import { airports, flights, newsletterSubscribers, notifications, rateLimits, users } from "#app/db/schema";
import { action as cookiesAction } from "#app/routes/cookies";
import { action as favoritesAction } from "#app/routes/favorites";
import { action as newsletterAction } from "#app/routes/newsletter";
import { action as confirmAction, loader as confirmLoader } from "#app/routes/newsletter_.confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/newsletter_.unsubscribe";
import { action as notificationsAction } from "#app/routes/notifications";
import { getToast } from "#app/utils/toast.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { testUser } from "#tests/user-rows";

import { cookiePair, get, type HandlerResult, post, run } from "./remix";

let d1: D1Database;
let dispose: () => Promise<void>;
let transport: ReturnType<typeof recordingTransport>;
let context: AppLoadContext;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  const db = createTestContext({ d1 }).db;
  await db.insert(users).values(["anna", "bruno"].map((id) => testUser(id)));
  const [from, to] = await db
    .insert(airports)
    .values([
      { icaoCode: "LSGG", servedCity: "Genève" },
      { icaoCode: "LFMN", servedCity: "Nice" },
    ])
    .returning();
  await db.insert(flights).values({
    id: "f1",
    departureAirportId: from!.id,
    arrivalAirportId: to!.id,
    departureDate: new Date(now.getTime() + 86_400_000),
    arrivalDate: new Date(now.getTime() + 90_000_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
});
afterAll(() => dispose());
beforeEach(async () => {
  transport = recordingTransport();
  context = createTestContext({ d1, now, transport });
  await context.db.delete(rateLimits);
});

/** The toast a redirect or a reply flashed, as the next page would show it. */
async function toastOf(result: HandlerResult) {
  const cookie = cookiePair(result.setCookies.find((value) => value.startsWith("jm_toast=")));
  return (await getToast(get("/", { cookie }), context)).toast;
}

async function signedIn(userId: string) {
  return cookiePair(await startSession(get("/"), context, userId));
}

describe("newsletter", () => {
  const subscribe = (fields: Record<string, string>, ip?: string) =>
    run(newsletterAction, post("/newsletter", fields, { ip }), context);

  it("answers a missing or bad address with the spec's text, back on the page", async () => {
    const missing = await subscribe({ redirectTo: "/about" });
    expect(missing).toMatchObject({ status: 302, location: "/about" });
    expect(await toastOf(missing)).toMatchObject({ type: "error", description: "Veuillez entrer votre email" });
    const bad = await subscribe({ email: "pas-un-email", redirectTo: "//evil.example" });
    expect(bad.location).toBe("/home");
    expect(await toastOf(bad)).toMatchObject({ type: "error", description: "Email invalide" });
    expect(transport.sent).toHaveLength(0);
  });

  it("mails one absolute confirmation link; the click subscribes and mails the welcome; its link unsubscribes", async () => {
    const asked = await subscribe({ email: " Nora@Example.CH ", redirectTo: "/faq" });
    expect(asked).toMatchObject({ status: 302, location: "/faq" });
    expect(await toastOf(asked)).toMatchObject({ type: "message" });
    expect((await subscribe({ email: "nora@example.ch" })).status).toBe(302);
    expect(transport.sent.map((mail) => mail.to)).toEqual(["nora@example.ch"]);
    const confirmUrl = new URL(
      transport.sent[0]!.text.match(/http:\/\/localhost:8787\/newsletter\/confirm\?token=[\w-]+/)![0],
    );

    const page = await run(confirmLoader, get(`${confirmUrl.pathname}${confirmUrl.search}`), context);
    expect(page.body).toMatchObject({ state: "confirm", token: confirmUrl.searchParams.get("token") });
    const confirmed = await run(
      confirmAction,
      post(`${confirmUrl.pathname}${confirmUrl.search}`, { token: confirmUrl.searchParams.get("token")! }),
      context,
    );
    expect(confirmed).toMatchObject({ status: 200, body: { state: "done" } });
    const again = await run(
      confirmAction,
      post("/newsletter/confirm", { token: confirmUrl.searchParams.get("token")! }),
      context,
    );
    expect(again).toMatchObject({ status: 400, body: { state: "invalid" } });

    const welcome = transport.sent[1]!;
    expect(welcome.to).toBe("nora@example.ch");
    const unsubscribeUrl = new URL(
      welcome.text.match(/http:\/\/localhost:8787\/newsletter\/unsubscribe\?token=[\w-]+/)![0],
    );
    expect(
      (await run(unsubscribeLoader, get(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`), context)).body,
    ).toMatchObject({ state: "confirm" });
    // A mail client's one-click POST sends no token field: the link's own query has it.
    const oneClick = await run(
      unsubscribeAction,
      post(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, { "List-Unsubscribe": "One-Click" }),
      context,
    );
    expect(oneClick).toMatchObject({ status: 200, body: { state: "done" } });
    const [row] = await context.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "nora@example.ch"));
    expect(row!.unsubscribedAt).toEqual(now);
  });

  it("treats a missing, unknown or overlong token as an invalid link", async () => {
    for (const token of ["", "unknown", "x".repeat(300)]) {
      expect((await run(confirmLoader, get(`/newsletter/confirm?token=${token}`), context)).body).toMatchObject({
        state: "invalid",
        token: "" === token || token.length > 256 ? "" : token,
      });
      expect(await run(confirmAction, post("/newsletter/confirm", { token }), context)).toMatchObject({
        status: 400,
        body: { state: "invalid" },
      });
      expect(await run(unsubscribeAction, post("/newsletter/unsubscribe", { token }), context)).toMatchObject({
        status: 400,
        body: { state: "invalid" },
      });
    }
  });

  it("caps the sign-ups of one IP with the spec's generic error", async () => {
    for (let i = 0; i < 20; i++) await subscribe({ email: `cap${i}@example.ch` }, "198.51.100.7");
    const over = await subscribe({ email: "cap20@example.ch" }, "198.51.100.7");
    expect(await toastOf(over)).toMatchObject({ type: "error", description: "Une erreur est survenue" });
    expect(transport.sent).toHaveLength(20);
  });
});

describe("cookie choice", () => {
  it("sets the consent cookie and goes back with the saved toast", async () => {
    const result = await run(
      cookiesAction,
      post("/cookies", { intent: "essential-only", redirectTo: "/about" }),
      context,
    );
    expect(result).toMatchObject({ status: 302, location: "/about" });
    expect(result.setCookies.some((cookie) => cookie.startsWith("jm_consent="))).toBe(true);
    expect(await toastOf(result)).toMatchObject({
      type: "success",
      description: "Vos préférences de cookies ont été enregistrées.",
    });
  });

  it("refuses a forged choice with a toast, no cookie set", async () => {
    const result = await run(cookiesAction, post("/cookies", { intent: "accept-some" }), context);
    expect(result).toMatchObject({ status: 302, location: "/cookies" });
    expect(result.setCookies.some((cookie) => cookie.startsWith("jm_consent="))).toBe(false);
    expect(await toastOf(result)).toMatchObject({ type: "error" });
  });
});

describe("favourites", () => {
  const heart = (fields: Record<string, string>, cookie?: string) =>
    run(favoritesAction, post("/favorites", fields, { cookie }), context);

  it("signed out, offers to sign in and come back", async () => {
    const result = await heart({ intent: "add", flightId: "f1", redirectTo: "/home?from=Gen%C3%A8ve" });
    expect(result.location).toBe("/home?from=Gen%C3%A8ve");
    expect(await toastOf(result)).toMatchObject({
      title: "Connexion requise",
      action: { href: `/login?${new URLSearchParams({ redirectTo: "/home?from=Gen%C3%A8ve" })}` },
    });
  });

  it("adds, removes, and says which error for a bad or unknown flight", async () => {
    const cookie = await signedIn("anna");
    expect(await toastOf(await heart({ intent: "add", flightId: "f1" }, cookie))).toMatchObject({
      type: "success",
      description: "Vol ajouté aux favoris",
    });
    expect(await toastOf(await heart({ intent: "remove", flightId: "f1" }, cookie))).toMatchObject({
      description: "Vol retiré des favoris",
    });
    expect(await toastOf(await heart({ intent: "add", flightId: "no-such-flight" }, cookie))).toMatchObject({
      type: "error",
      description: "Erreur lors de l'ajout aux favoris",
    });
    expect(await toastOf(await heart({ intent: "remove", flightId: "x".repeat(65) }, cookie))).toMatchObject({
      type: "error",
      description: "Erreur lors de la suppression du favori",
    });
  });
});

describe("notifications", () => {
  const act = (fields: Record<string, string>, cookie: string) =>
    run(notificationsAction, post("/notifications", fields, { cookie }), context);

  it("marks read and deletes the user's own, and refuses a bad id or another user's with a 4xx", async () => {
    const [annas] = await context.db
      .insert(notifications)
      .values({ userId: "anna", title: "A", message: "a" })
      .returning();
    const id = String(annas!.id);
    const bruno = await signedIn("bruno");
    const refused = await act({ intent: "read", id }, bruno);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ result: { error: { "": ["notifications.error"] } } });
    expect((await act({ intent: "delete", id: "0x1" }, bruno)).status).toBe(400);

    const anna = await signedIn("anna");
    expect((await act({ intent: "read", id }, anna)).status).toBe(200);
    const deleted = await act({ intent: "delete", id }, anna);
    expect(deleted).toMatchObject({ status: 302, location: "/notifications" });
    expect(await toastOf(deleted)).toMatchObject({ description: "Notification supprimée" });
    expect(await context.db.select().from(notifications).where(eq(notifications.id, annas!.id))).toEqual([]);
  });

  it("sends a signed-out visitor to sign in", async () => {
    const result = await run(notificationsAction, post("/notifications", { intent: "read", id: "1" }), context);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/login\?redirectTo=/);
  });
});
