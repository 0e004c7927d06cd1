/**
 * Catalogue reads through a D1 session, which production may serve from a read replica,
 * and the `jm_d1` cookie that carries the session's bookmark from one request of a
 * visitor to the next, so they always read their own writes (decision 019).
 */
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./client.server";
import { hostCookieName } from "#app/utils/cookies.server";

/** What catalogue reads need, and no more: nothing can be written through a read session. */
export type ReadDb = Pick<Db, "select" | "selectDistinct" | "batch">;

export type ReadSession = {
  /** Drizzle over this request's D1 session. */
  db: ReadDb;
  /**
   * The bookmark the visitor keeps after this request: the session's latest, or null when
   * the request neither read the catalogue nor could have written. Never throws.
   */
  bookmarkToKeep: () => Promise<string | null>;
};

export const BOOKMARK_COOKIE = "jm_d1";

/** The bookmark cookie's name: `__Host-` outside local development (utils/cookies.server.ts). */
export function bookmarkCookieName({ secure }: { secure: boolean }): string {
  return hostCookieName(BOOKMARK_COOKIE, { secure });
}
/** Long enough to outlast a replica's lag behind the primary; refreshed at every catalogue read. */
export const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;
/**
 * D1's bookmarks are dash-separated hexadecimal fields (`00000085-0000024c-00004c6d-8e61...`,
 * locally too). Anything else, or longer, is not one of ours and is ignored.
 */
const BOOKMARK_PATTERN = /^[0-9a-f]{1,32}(?:-[0-9a-f]{1,32}){1,7}$/i;
const MAX_BOOKMARK_LENGTH = 128;
const READ_ONLY_METHODS = new Set(["GET", "HEAD"]);

/** The bookmark of a request's `jm_d1` cookie (named `name`), or null when it has none or a malformed one. */
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

/** The Set-Cookie value that keeps `bookmark`: no personal data, only a position in D1's log. */
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

/**
 * The read session of a request. A GET or HEAD starts at the visitor's bookmark (any
 * replica at least that fresh) or, without one, anywhere. Any other method may write
 * through `context.db` (the primary): its session starts at the primary ("first-primary"),
 * so its catalogue reads see those writes, and its bookmark, taken after them, is the
 * primary's.
 */
export function openReadSession(d1: D1Database, request: Request, { secure }: { secure: boolean }): ReadSession {
  const mayWrite = !READ_ONLY_METHODS.has(request.method);
  const bookmark = bookmarkFromCookie(request.headers.get("Cookie"), bookmarkCookieName({ secure }));
  const session = d1.withSession(mayWrite ? "first-primary" : (bookmark ?? "first-unconstrained"));
  // A session opened at a bookmark gives it back before any query: whether the catalogue
  // was read is noted here, so that other responses (translations, drawings) set no cookie.
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
    // drizzle's D1 driver calls only `prepare` and `batch` (a session has no `exec` nor
    // `dump`). No schema: catalogue reads use no relational queries, and reading the
    // schema costs a few per cent of a page's CPU (see client.server.ts).
    db: drizzle(client as unknown as D1Database),
    async bookmarkToKeep() {
      if (!read && !mayWrite) return null;
      try {
        // Nothing read since the writes: one query at the primary gives its position.
        if (!read) await session.prepare("SELECT 1").first();
        // Only what the cookie would accept back goes into it.
        const bookmark = session.getBookmark();
        return isBookmark(bookmark) ? bookmark : null;
      } catch {
        // The visitor keeps their previous bookmark; the page itself is already answered.
        return null;
      }
    },
  };
}
