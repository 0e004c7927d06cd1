import { type SQL, sql } from "drizzle-orm";

import type { mailOutbox } from "./schema";

export type NewOutboxMail = Pick<
  typeof mailOutbox.$inferSelect,
  "toAddress" | "template" | "locale" | "data" | "subject" | "html" | "text" | "headers" | "nextAttemptAt" | "createdAt"
>;

/** Written only `when` the condition holds, claimed for its first try (attempts 1) or left to a queue job (0). */
export function insertOutboxMailWhen(mail: NewOutboxMail, when: SQL, { attempts = 1 }: { attempts?: 0 | 1 } = {}) {
  return sql`insert into mail_outbox (to_address, template, locale, data, subject, html, text, headers, status, attempts, next_attempt_at, created_at)
    select ${mail.toAddress}, ${mail.template}, ${mail.locale}, ${JSON.stringify(mail.data)}, ${mail.subject}, ${mail.html}, ${mail.text},
      ${mail.headers ? JSON.stringify(mail.headers) : null}, 'pending', ${attempts}, ${mail.nextAttemptAt?.getTime() ?? null}, ${mail.createdAt.getTime()}
    where ${when} returning id`;
}
