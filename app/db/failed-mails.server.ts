/**
 * The outbox's failed mails, told apart by whether the cron will try them again: the health
 * page counts them and requeues them (operations/mail-replay.queries.server.ts).
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { mailOutbox } from "./schema";

/** A failed mail the cron will not try again. */
export const failedForGood = and(eq(mailOutbox.status, "failed"), isNull(mailOutbox.nextAttemptAt));

/** A failed mail the cron will try again at `next_attempt_at`. */
export const failedWithTriesLeft = and(eq(mailOutbox.status, "failed"), isNotNull(mailOutbox.nextAttemptAt));
