import { and, eq, isNull, lt, ne } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { recoveryCodes, secondFactors, sessions } from "#app/db/schema";
import { sha256Hex } from "#app/utils/crypto.server";

export async function findSecondFactor(db: Db, userId: string) {
  const [row] = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return row ?? null;
}

export async function ensurePendingSecondFactor(db: Db, userId: string, secret: string) {
  await db.insert(secondFactors).values({ userId, secret }).onConflictDoNothing({ target: secondFactors.userId });
  return (await findSecondFactor(db, userId))!;
}

/** One conditional update: a step (or an earlier one) is never accepted twice, even by two requests at once. */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(secondFactors.userId, userId), lt(secondFactors.lastUsedStep, step)))
    .returning({ userId: secondFactors.userId });
  return rows.length === 1;
}

/** A recovery code's stored form: its hash, salted with its owner so equal codes never collide. */
export function recoveryCodeHash(userId: string, code: string) {
  return sha256Hex(`${userId}:${code}`);
}

export async function consumeRecoveryCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, await recoveryCodeHash(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string) {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}

async function replaceRecoveryCodesQueries(db: Db, userId: string, codes: string[], now: Date) {
  const hashes = await Promise.all(codes.map((code) => recoveryCodeHash(userId, code)));
  return [
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now }))),
  ] as const;
}

/** Other sessions end: they were opened with the password alone. False: it was not this request's to confirm. */
export async function confirmSecondFactor(
  db: Db,
  {
    userId,
    step,
    codes,
    keepSessionHash,
    now,
  }: { userId: string; step: number; codes: string[]; keepSessionHash: string | null; now: Date },
): Promise<boolean> {
  const confirmed = await db
    .update(secondFactors)
    .set({ confirmedAt: now, lastUsedStep: step })
    .where(
      and(eq(secondFactors.userId, userId), isNull(secondFactors.confirmedAt), lt(secondFactors.lastUsedStep, step)),
    )
    .returning({ userId: secondFactors.userId });
  if (confirmed.length !== 1) return false;
  const otherSessions = keepSessionHash
    ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))
    : eq(sessions.userId, userId);
  await db.batch([
    ...(await replaceRecoveryCodesQueries(db, userId, codes, now)),
    db.delete(sessions).where(otherSessions),
  ]);
  return true;
}

export async function replaceRecoveryCodes(db: Db, userId: string, codes: string[], now: Date) {
  await db.batch(await replaceRecoveryCodesQueries(db, userId, codes, now));
}

export async function deleteSecondFactor(db: Db, userId: string) {
  await db.batch([
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(secondFactors).where(eq(secondFactors.userId, userId)),
  ]);
}
