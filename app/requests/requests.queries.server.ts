import { and, eq, gt, isNotNull, isNull, lte, not, or } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { customRequests, exclusiveRequests, newsletterSubscribers } from "#app/db/schema";
import type { ProfileLanguage } from "#app/utils/constants";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";
import { normalizeEmail } from "#app/utils/forms/fields";

import type { StoredRequest } from "./types";

export type NewExclusiveRequest = Omit<typeof exclusiveRequests.$inferInsert, "id"> & { language: ProfileLanguage };
export type NewCustomRequest = Omit<typeof customRequests.$inferInsert, "id"> & { language: ProfileLanguage };

export async function createExclusiveRequest(db: Db, input: NewExclusiveRequest) {
  const id = crypto.randomUUID();
  const rows = await db
    .insert(exclusiveRequests)
    .values({ ...input, id, userId: input.userId ?? null, message: input.message || null })
    .onConflictDoNothing({ target: exclusiveRequests.idempotencyKey })
    .returning({ id: exclusiveRequests.id });
  return storedOnce(rows);
}

export async function createCustomRequest(db: Db, input: NewCustomRequest) {
  const rows = await db
    .insert(customRequests)
    .values({ ...input, id: crypto.randomUUID(), userId: input.userId ?? null })
    .onConflictDoNothing({ target: customRequests.idempotencyKey })
    .returning({ id: customRequests.id });
  return storedOnce(rows);
}

function storedOnce(rows: Array<{ id: string }>): StoredRequest {
  return rows[0] ? { id: rows[0].id, created: true } : { id: null, created: false };
}

export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;
/** A pending address gets at most one confirmation mail in this time, whoever asks. */
export const NEWSLETTER_CONFIRM_RESEND_MS = 10 * 60_000;

const isSubscribed = and(isNotNull(newsletterSubscribers.confirmedAt), isNull(newsletterSubscribers.unsubscribedAt))!;

/**
 * Double opt-in. An address already subscribed gets `confirmToken: null` (no mail); one that
 * had unsubscribed stays so until the link is clicked.
 */
export async function requestNewsletterSubscription(
  db: Db,
  { email, language, ip, now }: { email: string; language: ProfileLanguage; ip: string; now: Date },
) {
  const normalised = normalizeEmail(email);
  const confirmToken = createRandomToken();
  const request = {
    confirmTokenHash: await sha256Hex(confirmToken),
    confirmRequestedAt: now,
    requestedFromIp: ip,
    language,
  };
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: normalised, unsubscribeTokenHash: await sha256Hex(createRandomToken()), ...request })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 1) return { email: normalised, confirmToken };
  const renewed = await db
    .update(newsletterSubscribers)
    .set(request)
    .where(
      and(
        eq(newsletterSubscribers.email, normalised),
        not(isSubscribed),
        or(
          isNull(newsletterSubscribers.confirmRequestedAt),
          lte(newsletterSubscribers.confirmRequestedAt, new Date(now.getTime() - NEWSLETTER_CONFIRM_RESEND_MS)),
        ),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return { email: normalised, confirmToken: renewed.length === 1 ? confirmToken : null };
}

const confirmable = (tokenHash: string, now: Date) =>
  and(
    eq(newsletterSubscribers.confirmTokenHash, tokenHash),
    gt(newsletterSubscribers.confirmRequestedAt, new Date(now.getTime() - NEWSLETTER_CONFIRM_TTL_MS)),
  );

export async function isNewsletterConfirmTokenValid(db: Db, { token, now }: { token: string; now: Date }) {
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(confirmable(await sha256Hex(token), now))
    .limit(1);
  return !!row;
}

/** Keeps the proof of consent (time and IP); the token works once. */
export async function confirmNewsletterSubscription(
  db: Db,
  { token, ip, now }: { token: string; ip: string; now: Date },
) {
  const unsubscribeToken = createRandomToken();
  const [row] = await db
    .update(newsletterSubscribers)
    .set({
      confirmedAt: now,
      confirmedFromIp: ip,
      unsubscribedAt: null,
      confirmTokenHash: null,
      unsubscribeTokenHash: await sha256Hex(unsubscribeToken),
    })
    .where(confirmable(await sha256Hex(token), now))
    .returning({ email: newsletterSubscribers.email, language: newsletterSubscribers.language });
  return row ? { ...row, unsubscribeToken } : null;
}

export async function unsubscribeFromNewsletter(db: Db, { token, now }: { token: string; now: Date }) {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.unsubscribeTokenHash, await sha256Hex(token)),
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length === 1;
}

export async function findSubscriberByToken(db: Db, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscribers.email, unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, await sha256Hex(token)))
    .limit(1);
  return row ?? null;
}
