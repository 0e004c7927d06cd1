import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { customRequests, exclusiveRequests, newsletterSubscribers, type ProfileLanguage } from "#app/db/schema";
import type { CustomRequestInput, ExclusiveRequestInput } from "#app/services/request-forms";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";

/**
 * Stores an exclusive flight request. The idempotency key is unique: the same form
 * sent twice stores one row, and `created` is false the second time.
 */
export async function createExclusiveRequest(
  db: Db,
  input: ExclusiveRequestInput & { exclusiveFlightId: string; language: ProfileLanguage; userId?: string | null },
) {
  const id = crypto.randomUUID();
  const rows = await db
    .insert(exclusiveRequests)
    .values({ ...input, id, userId: input.userId ?? null, message: input.message || null })
    .onConflictDoNothing({ target: exclusiveRequests.idempotencyKey })
    .returning({ id: exclusiveRequests.id });
  return { id: rows[0]?.id ?? null, created: rows.length === 1 };
}

/** Stores a made-to-measure request; idempotent on its key like the exclusive one. */
export async function createCustomRequest(
  db: Db,
  input: CustomRequestInput & { language: ProfileLanguage; userId?: string | null },
) {
  const rows = await db
    .insert(customRequests)
    .values({ ...input, id: crypto.randomUUID(), userId: input.userId ?? null })
    .onConflictDoNothing({ target: customRequests.idempotencyKey })
    .returning({ id: customRequests.id });
  return { id: rows[0]?.id ?? null, created: rows.length === 1 };
}

/**
 * Subscribes an address (stored lower-cased). Returns the unsubscribe token when a
 * welcome mail is due: a new subscriber, or one who had unsubscribed. An address
 * already subscribed gets `token: null`, so a second sign-up neither duplicates nor
 * leaks anything.
 */
export async function subscribeToNewsletter(db: Db, { email, language }: { email: string; language: ProfileLanguage }) {
  const normalised = email.trim().toLowerCase();
  const token = createRandomToken();
  const tokenHash = await sha256Hex(token);
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: normalised, language, unsubscribeTokenHash: tokenHash })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 1) return { token };
  const resubscribed = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null, unsubscribeTokenHash: tokenHash, language })
    .where(and(eq(newsletterSubscribers.email, normalised), isNotNull(newsletterSubscribers.unsubscribedAt)))
    .returning({ id: newsletterSubscribers.id });
  return { token: resubscribed.length === 1 ? token : null };
}

/** Unsubscribes the holder of `token`; false for an unknown or already used token. */
export async function unsubscribeFromNewsletter(db: Db, { token, now }: { token: string; now: Date }) {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: now })
    .where(
      and(eq(newsletterSubscribers.unsubscribeTokenHash, await sha256Hex(token)), isNull(newsletterSubscribers.unsubscribedAt)),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length === 1;
}

/** Whether a token belongs to an active subscriber (the unsubscribe page's first view). */
export async function findSubscriberByToken(db: Db, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, await sha256Hex(token)))
    .limit(1);
  return row ?? null;
}

