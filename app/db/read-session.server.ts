// Catalogue reads through a D1 session, and the bookmark cookie: docs/decisions/019-read-replicas.md.
import { drizzle } from "drizzle-orm/d1";

import { hostCookieName } from "#app/utils/cookies.server";

import type { Db } from "./client.server";

export type ReadDb = Pick<Db, "select" | "selectDistinct" | "batch">;

export type ReadSession = {
  db: ReadDb;
  bookmarkToKeep: () => Promise<string | null>;
};

export const BOOKMARK_COOKIE = "jm_d1";

export function bookmarkCookieName({ secure }: { secure: boolean }): string {
  return hostCookieName(BOOKMARK_COOKIE, { secure });
}
export const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;
const BOOKMARK_PATTERN = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,32}){1,7}$/i;
const MAX_BOOKMARK_LENGTH = 128;
const READ_ONLY_METHODS = new Set(["GET", "HEAD"]);

export function bookmarkFromCookie(cookieHeader: string | null, name = BOOKMARK_COOKIE): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return isBookmark(value) ? value : null;
  }
  return null;
}

export function isBookmark(value: string | null): value is string {
  return value !== null && value.length <= MAX_BOOKMARK_LENGTH && BOOKMARK_PATTERN.test(value);
}

export function bookmarkCookie(bookmark: string, { secure }: { secure: boolean }): string {
  const attributes = [
    `${bookmarkCookieName({ secure })}=${bookmark}`,
    `Max-Age=${BOOKMARK_MAX_AGE_SECONDS}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/** A request that may write reads from the primary ("first-primary"), so its catalogue reads see its writes. */
export function openReadSession(d1: D1Database, request: Request, { secure }: { secure: boolean }): ReadSession {
  const mayWrite = !READ_ONLY_METHODS.has(request.method);
  const bookmark = bookmarkFromCookie(request.headers.get("Cookie"), bookmarkCookieName({ secure }));
  const session = d1.withSession(mayWrite ? "first-primary" : (bookmark ?? "first-unconstrained"));
  let read = false;
  const client = {
    prepare(query: string) {
      read = true;
      return session.prepare(query);
    },
    batch<T>(statements: D1PreparedStatement[]) {
      read = true;
      return session.batch<T>(statements);
    },
  };
  return {
    // drizzle's D1 driver calls only `prepare` and `batch`; no schema: catalogue reads use no relational queries.
    db: drizzle(client as unknown as D1Database),
    async bookmarkToKeep() {
      if (!read && !mayWrite) return null;
      try {
        if (!read) await session.prepare("SELECT 1").first();
        const bookmark = session.getBookmark();
        return isBookmark(bookmark) ? bookmark : null;
      } catch {
        // The visitor keeps their previous bookmark; the page itself is already answered.
        return null;
      }
    },
  };
}
