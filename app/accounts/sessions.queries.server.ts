import { and, eq, gt } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { secondFactors, sessions, users } from "#app/db/schema";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";

import { publicUserColumns } from "./users.queries.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session is pushed back at most once a day: one write a day, not one per request. */
export const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

export async function createSession(
  db: Db,
  userId: string,
  now: Date,
  { pending = false, passkey = false }: { pending?: boolean; passkey?: boolean } = {},
) {
  const token = createRandomToken();
  const expiresAt = new Date(now.getTime() + (pending ? PENDING_SIGN_IN_TTL_MS : SESSION_TTL_MS));
  await db.insert(sessions).values({
    idHash: await sha256Hex(token),
    userId,
    expiresAt,
    secondFactorPending: pending,
    passkeyVerified: passkey,
    createdAt: now,
  });
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({
      user: publicUserColumns,
      expiresAt: sessions.expiresAt,
      idHash: sessions.idHash,
      pending: sessions.secondFactorPending,
      passkey: sessions.passkeyVerified,
      secondFactorConfirmedAt: secondFactors.confirmedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(secondFactors, eq(secondFactors.userId, sessions.userId))
    .where(and(eq(sessions.idHash, await sha256Hex(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { secondFactorConfirmedAt, ...session } = row;
  return { ...session, secondFactor: secondFactorConfirmedAt != null };
}

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

export function deleteUserSessionsQuery(db: Db, userId: string) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}
