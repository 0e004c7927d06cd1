/**
 * Catalogue reads through a D1 session and the `jm_d1` bookmark cookie (decision 019),
 * on a real local D1: the Sessions API runs there without replicas, with real bookmarks.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { toggleFavoriteFlight } from "#app/alerts/favorites.server";
import { airports, flights, users } from "#app/db/schema";
import { loadEmptyLegs } from "#app/flights/empty-legs.server";
import { loader as emptyLegsLoader } from "#app/routes/empty-legs/route";
import { loader as homeLoader } from "#app/routes/home/route";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { BOOKMARK_COOKIE, BOOKMARK_MAX_AGE_SECONDS, bookmarkCookie, bookmarkFromCookie } from "./read-session.server";

const BOOKMARK = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
const now = new Date("2026-11-23T10:00:00Z");
let d1: D1Database;
let dispose: () => Promise<void>;

beforeAll(async () => {
  let db;
  ({ d1, db, dispose } = await createTestD1());
  await db
    .insert(users)
    .values({ id: "anna", email: "anna@example.ch", passwordHash: "x", firstName: "Anna", lastName: "T" });
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
    arrivalDate: new Date(now.getTime() + 86_400_000 + 3_600_000),
    flightTime: 60,
    aircraftType: "PC12",
    pricePerMinute: 50,
    feedSeats: 6,
    refreshedAt: now,
  });
});
afterAll(() => dispose());

/** A visitor's request: a GET unless said otherwise, with their `jm_d1` cookie if they have one. */
function visit({ method = "GET", cookie }: { method?: string; cookie?: string } = {}) {
  const request = new Request("http://localhost:8787/home", { method, headers: cookie ? { Cookie: cookie } : {} });
  return { request, context: createTestContext({ d1, now, request }) };
}

const annasFavourites = async (context: AppLoadContext) =>
  (await loadEmptyLegs(context.readDb, { now, searchParams: new URLSearchParams(), userId: "anna" })).favoriteIds;

describe("the jm_d1 cookie", () => {
  it("reads the bookmark among the request's cookies", () => {
    expect(bookmarkFromCookie(`jm_consent=e30%3D; ${BOOKMARK_COOKIE}=${BOOKMARK}; jm_session=abc`)).toBe(BOOKMARK);
    expect(bookmarkFromCookie(`${BOOKMARK_COOKIE}=00000000-00000001-00000000-00000000000000000000000000000000`)).toBe(
      "00000000-00000001-00000000-00000000000000000000000000000000",
    );
  });

  it("ignores a missing, malformed or oversized value, without throwing", () => {
    const ignored = [
      null,
      "",
      "jm_consent=e30%3D",
      `${BOOKMARK_COOKIE}=`,
      `${BOOKMARK_COOKIE}=garbage`,
      `${BOOKMARK_COOKIE}="${BOOKMARK}"`,
      `${BOOKMARK_COOKIE}=${BOOKMARK}%0d%0aSet-Cookie:x`,
      `${BOOKMARK_COOKIE}=<script>-00000000`,
      `${BOOKMARK_COOKIE}=0000000g-00000000`,
      `${BOOKMARK_COOKIE}=00000000`,
      // The right shape, far too long: no bookmark is.
      `${BOOKMARK_COOKIE}=${Array.from({ length: 8 }, () => "f".repeat(32)).join("-")}`,
      `${BOOKMARK_COOKIE}=${"0".repeat(100_000)}`,
      // Another cookie whose name ends the same way.
      `x${BOOKMARK_COOKIE}=${BOOKMARK}`,
      // The first jm_d1 is the one read: a malformed first one is not made up for.
      `${BOOKMARK_COOKIE}=garbage; ${BOOKMARK_COOKIE}=${BOOKMARK}`,
    ];
    for (const header of ignored) expect(bookmarkFromCookie(header), String(header).slice(0, 80)).toBeNull();
  });

  it("is set HttpOnly, SameSite=Lax, path /, for minutes, Secure outside local development", () => {
    expect(bookmarkCookie(BOOKMARK, { secure: false })).toBe(
      `jm_d1=${BOOKMARK}; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`,
    );
    // `__Host-` outside local development (decision 028).
    expect(bookmarkCookie(BOOKMARK, { secure: true })).toBe(
      `__Host-jm_d1=${BOOKMARK}; Max-Age=300; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
  });
});

describe("catalogue reads through the D1 session", () => {
  it("/home and /empty-legs read the list through the session; a page that does not keeps no bookmark", async () => {
    for (const loader of [homeLoader, emptyLegsLoader]) {
      const { request, context } = visit();
      const data = await loader({ request, context, params: {} });
      expect(data.emptyLegs?.flights.map((flight) => flight.id)).toEqual(["f1"]);
      expect(bookmarkFromCookie(`jm_d1=${await context.readSession.bookmarkToKeep()}`)).not.toBeNull();
    }
    // Reads on the primary (context.db) leave the session unused: no cookie to set, even
    // for a visitor who has one (a session opened at a bookmark gives it back unused).
    for (const cookie of [undefined, `${BOOKMARK_COOKIE}=${BOOKMARK}`]) {
      const { context } = visit({ cookie });
      await context.db.select().from(flights);
      expect(await context.readSession.bookmarkToKeep()).toBeNull();
    }
  });

  it("a write, then the visitor's next read with the bookmark, sees the write", async () => {
    const before = await (async () => {
      const { context } = visit();
      await annasFavourites(context);
      return (await context.readSession.bookmarkToKeep())!;
    })();

    // The heart's POST writes on the primary; its bookmark is taken after the write.
    const post = visit({ method: "POST", cookie: `${BOOKMARK_COOKIE}=${before}` });
    expect(await toggleFavoriteFlight(post.context, { userId: "anna", flightId: "f1" })).toEqual({
      ok: true,
      favorite: true,
    });
    const afterWrite = await post.context.readSession.bookmarkToKeep();
    expect(afterWrite! > before).toBe(true);

    // The next /home of the same visitor starts at that bookmark and shows the favourite.
    const next = visit({ cookie: `jm_consent=e30%3D; ${BOOKMARK_COOKIE}=${afterWrite}` });
    expect(await annasFavourites(next.context)).toEqual(["f1"]);
    expect((await next.context.readSession.bookmarkToKeep())! >= afterWrite!).toBe(true);
  });

  it("in a POST, the catalogue read after the write (a page's loaders after its action) sees it", async () => {
    const { context } = visit({ method: "POST" });
    const favourite = await toggleFavoriteFlight(context, { userId: "anna", flightId: "f1" });
    expect(favourite).toEqual({ ok: true, favorite: false });
    expect(await annasFavourites(context)).toEqual([]);
    expect(bookmarkFromCookie(`jm_d1=${await context.readSession.bookmarkToKeep()}`)).not.toBeNull();
  });

  it("a malformed cookie is ignored: the list is read and a fresh bookmark replaces it", async () => {
    const { request, context } = visit({ cookie: `${BOOKMARK_COOKIE}=not-a-bookmark` });
    const data = await homeLoader({ request, context, params: {} });
    expect(data.emptyLegs?.flights).toHaveLength(1);
    expect(bookmarkFromCookie(`jm_d1=${await context.readSession.bookmarkToKeep()}`)).not.toBeNull();
  });
});
