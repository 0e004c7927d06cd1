/**
 * The outbox's failed mails, told apart by whether the cron will try them again: the health
 * page counts them and requeues them (operations/mail-replay.queries.server.ts).
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";

import { mailOutbox } from "./schema";

export const failedForGood = and(eq(mailOutbox.status, "failed"), isNull(mailOutbox.nextAttemptAt));

export const failedWithTriesLeft = and(eq(mailOutbox.status, "failed"), isNotNull(mailOutbox.nextAttemptAt));
