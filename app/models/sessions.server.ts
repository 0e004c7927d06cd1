import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { sessions, users } from "#app/db/schema";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";
import { publicUserColumns } from "./users.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is pushed back to 30 days at most once a day, not at every request. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** Creates a session; the returned token goes in the cookie, only its hash is stored. */
export async function createSession(db: Db, userId: string, now: Date) {
  const token = createRandomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({ idHash: await sha256Hex(token), userId, expiresAt, createdAt: now });
  return { token, expiresAt };
}

/** The session's user and expiry, or null for an unknown or expired token. */
export async function findSession(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ user: publicUserColumns, expiresAt: sessions.expiresAt, idHash: sessions.idHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, await sha256Hex(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** True when the session was last renewed more than a day ago. */
export function sessionNeedsRenewal(expiresAt: Date, now: Date): boolean {
  return expiresAt.getTime() - now.getTime() < SESSION_TTL_MS - SESSION_RENEW_AFTER_MS;
}

export async function renewSession(db: Db, idHash: string, now: Date) {
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
  return expiresAt;
}

export async function deleteSession(db: Db, token: string) {
  await db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(token)));
}

/** The statement that ends every session of a user (a reset batches it with the new hash). */
export function deleteUserSessionsQuery(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}
