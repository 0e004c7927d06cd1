/**
 * A rendered mail written into the outbox as one statement of a batch: for writes of any
 * domain that must go with their mail or not at all (the alerts' notifications).
 */
import { sql, type SQL } from "drizzle-orm";
import type { mailOutbox } from "./schema";

/** What a stored mail is made of, before the outbox gives it an id, a status and its tries. */
export type NewOutboxMail = Pick<
  typeof mailOutbox.$inferSelect,
  "toAddress" | "template" | "locale" | "data" | "subject" | "html" | "text" | "headers" | "nextAttemptAt" | "createdAt"
>;

/**
 * The same row as one statement of a batch, written only `when` the condition holds, claimed
 * for its first try; returns its id. For writes that must go with their mail or not at all.
 */
export function insertOutboxMailWhen(mail: NewOutboxMail, when: SQL, { attempts = 1 }: { attempts?: 0 | 1 } = {}) {
  return sql`insert into mail_outbox (to_address, template, locale, data, subject, html, text, headers, status, attempts, next_attempt_at, created_at)
    select ${mail.toAddress}, ${mail.template}, ${mail.locale}, ${JSON.stringify(mail.data)}, ${mail.subject}, ${mail.html}, ${mail.text},
      ${mail.headers ? JSON.stringify(mail.headers) : null}, 'pending', ${attempts}, ${mail.nextAttemptAt?.getTime() ?? null}, ${mail.createdAt.getTime()}
    where ${when} returning id`;
}
