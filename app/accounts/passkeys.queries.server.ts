import { and, asc, eq, lt, ne, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { passkeys, sessions, webauthnChallenges } from "#app/db/schema";
import type { WebauthnPurpose } from "#app/utils/constants";
import { sha256Hex } from "#app/utils/crypto.server";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * A browser holds one challenge (its live row is replaced, counting nothing more); the count and the insert are one
 * statement, so a burst cannot pass `ceiling`.
 */
export async function saveChallenge(
  db: Db,
  input: {
    token: string;
    purpose: WebauthnPurpose;
    challenge: string;
    userId: string | null;
    network: string;
    ceiling: number;
    now: Date;
  },
): Promise<boolean> {
  const idHash = await sha256Hex(input.token);
  const nowMs = input.now.getTime();
  // A sign-in's challenges count against the network; a signed-in user's against the account.
  const owner =
    input.userId === null ? sql`network = ${input.network} and user_id is null` : sql`user_id = ${input.userId}`;
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, input.now));
  const saved = await db.all<{ idHash: string }>(sql`insert into webauthn_challenges
        (id_hash, purpose, challenge, user_id, network, expires_at, created_at)
      select ${idHash}, ${input.purpose}, ${input.challenge}, ${input.userId}, ${input.network},
        ${nowMs + CHALLENGE_TTL_MS}, ${nowMs}
      where exists (select 1 from webauthn_challenges where id_hash = ${idHash} and expires_at > ${nowMs})
        or (select count(*) from webauthn_challenges where ${owner} and expires_at > ${nowMs}) < ${input.ceiling}
      on conflict (id_hash) do update set purpose = excluded.purpose, challenge = excluded.challenge,
        user_id = excluded.user_id, network = excluded.network, expires_at = excluded.expires_at,
        created_at = excluded.created_at
      returning id_hash as idHash`);
  return saved.length === 1;
}

export async function takeChallenge(
  db: Db,
  { token, purpose, userId, now }: { token: string; purpose: WebauthnPurpose; userId: string | null; now: Date },
): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(eq(webauthnChallenges.idHash, await sha256Hex(token)))
    .returning();
  if (!row || row.purpose !== purpose || row.expiresAt.getTime() <= now.getTime()) return null;
  if (userId !== null && row.userId !== userId) return null;
  return row.challenge;
}

export type StoredPasskey = typeof passkeys.$inferSelect;

export function listPasskeys(db: Db, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export function credentialsOf(db: Db, userId: string) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export function findPasskeyByCredential(db: Db, credentialId: string): Promise<StoredPasskey | undefined> {
  return db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).get();
}

export async function insertPasskey(
  db: Db,
  row: Omit<StoredPasskey, "createdAt" | "lastUsedAt"> & { createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(passkeys)
    .values(row)
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  return inserted.length === 1;
}

/** Only over the counter the check read: two answers checked against one counter cannot both move it. */
export async function recordPasskeyUse(
  db: Db,
  { id, readCounter, newCounter, now }: { id: string; readCounter: number; newCounter: number; now: Date },
): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, id), eq(passkeys.counter, readCounter)))
    .returning({ id: passkeys.id });
  return updated.length === 1;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length === 1;
}

export async function promoteSession(
  db: Db,
  { userId, keepSessionHash, endOthers }: { userId: string; keepSessionHash: string; endOthers: boolean },
) {
  const promote = db.update(sessions).set({ passkeyVerified: true }).where(eq(sessions.idHash, keepSessionHash));
  if (!endOthers) return void (await promote);
  await db.batch([
    promote,
    db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepSessionHash))),
  ]);
}

export async function demotePasskeySessions(db: Db, userId: string, keepSessionHash: string | null = null) {
  await db
    .update(sessions)
    .set({ passkeyVerified: false })
    .where(and(eq(sessions.userId, userId), keepSessionHash ? ne(sessions.idHash, keepSessionHash) : undefined));
}
