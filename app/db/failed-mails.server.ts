import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { mailOutbox } from "./schema";

export const failedForGood = and(eq(mailOutbox.status, "failed"), isNull(mailOutbox.nextAttemptAt));

export const failedWithTriesLeft = and(eq(mailOutbox.status, "failed"), isNotNull(mailOutbox.nextAttemptAt));
