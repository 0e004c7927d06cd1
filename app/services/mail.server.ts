import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import { z } from "zod";
import { mailOutbox } from "#app/db/schema";
import type { MailData } from "#emails/define-mail";
import type { mailTemplates, MailTemplateName } from "#emails/registry";
import { renderMail } from "#emails/render";

/** A mail is tried at most this many times in all, the first try included (DECISIONS.md D5). */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
/** Rows one cron run retries; the rest wait for the next run. */
export const RETRY_BATCH_SIZE = 25;
const MAX_ERROR_LENGTH = 1000;

export type SendMailInput<Name extends MailTemplateName> = {
  to: string;
  /** The recipient's language; one the mails do not have (es) gives English. */
  locale: string;
  template: Name;
  data: MailData<(typeof mailTemplates)[Name]>;
};

export type SendMailResult = { outboxId: number; status: "sent" | "failed"; error?: string };

/** Wait before the next try once `attempts` tries failed: 1, 2, 4, 8... minutes, at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
}

const recipientSchema = z.email();

/**
 * Renders the mail in the recipient's language, stores it in mail_outbox and tries
 * delivery at once. A delivery failure is returned, never thrown: the cron retries
 * it (`deliverDueMails`). Throws only for programming errors (bad address, unknown
 * template) and database errors.
 */
export async function sendMail<Name extends MailTemplateName>(
  context: AppLoadContext,
  { to, locale, template, data }: SendMailInput<Name>,
): Promise<SendMailResult> {
  const recipient = recipientSchema.parse(to);
  const rendered = await renderMail(template, locale, data);
  const now = context.now();
  // Inserted as already claimed for its first try: a cron run starting meanwhile
  // leaves it alone until the retry delay, and takes it up if this Worker dies.
  const [row] = await context.db
    .insert(mailOutbox)
    .values({
      toAddress: recipient,
      template,
      locale: rendered.locale,
      data: data as Record<string, unknown>,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      status: "pending",
      attempts: 1,
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)),
      createdAt: now,
    })
    .returning();
  return deliver(context, row!);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** One try of a claimed row; records the outcome on the row. */
async function deliver(context: AppLoadContext, row: OutboxRow): Promise<SendMailResult> {
  const { db, mailer } = context;
  try {
    const { providerMessageId } = await mailer.send({
      outboxId: row.id,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
    });
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: context.now(), providerMessageId, lastError: null, nextAttemptAt: null })
      .where(eq(mailOutbox.id, row.id));
    // Never the data or the body here: they may hold a token link.
    console.log(`mail ${row.id} ${row.template} sent via ${mailer.name} (try ${row.attempts})`);
    return { outboxId: row.id, status: "sent" };
  } catch (cause) {
    const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, MAX_ERROR_LENGTH);
    const givesUp = row.attempts >= MAX_MAIL_ATTEMPTS;
    await db
      .update(mailOutbox)
      .set({
        status: "failed",
        lastError: error,
        nextAttemptAt: givesUp ? null : new Date(context.now().getTime() + retryDelayMs(row.attempts)),
      })
      .where(eq(mailOutbox.id, row.id));
    console.warn(
      `mail ${row.id} ${row.template} failed via ${mailer.name} (try ${row.attempts}/${MAX_MAIL_ATTEMPTS}${givesUp ? ", giving up" : ""}): ${error}`,
    );
    return { outboxId: row.id, status: "failed", error };
  }
}

const RETRYABLE_STATUSES = ["pending", "failed"] as const;

/**
 * The cron task: retries every due row (pending or failed, next try reached, tries
 * left). Each row is claimed by a conditional update first, so two overlapping runs
 * never send the same mail twice; one row's failure never stops the others.
 */
export async function deliverDueMails(context: AppLoadContext, { limit = RETRY_BATCH_SIZE } = {}) {
  const { db } = context;
  const now = context.now();
  // A Worker that died during a final try left its row pending: close it.
  const abandoned = await db
    .update(mailOutbox)
    .set({ status: "failed", nextAttemptAt: null, lastError: "interrupted during the last try" })
    .where(
      and(eq(mailOutbox.status, "pending"), gte(mailOutbox.attempts, MAX_MAIL_ATTEMPTS), lte(mailOutbox.nextAttemptAt, now)),
    );

  const due = await db
    .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, RETRYABLE_STATUSES),
        lte(mailOutbox.nextAttemptAt, now),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit);

  const outcomes = await Promise.allSettled(
    due.map(async ({ id, attempts }) => {
      const [claimed] = await db
        .update(mailOutbox)
        .set({
          status: "pending",
          attempts: attempts + 1,
          // Also the lease: an overlapping run skips the row until then.
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts + 1)),
        })
        .where(
          and(
            eq(mailOutbox.id, id),
            eq(mailOutbox.attempts, attempts),
            inArray(mailOutbox.status, RETRYABLE_STATUSES),
            lte(mailOutbox.nextAttemptAt, now),
          ),
        )
        .returning();
      return claimed ? (await deliver(context, claimed)).status : ("taken" as const);
    }),
  );

  const count = (status: string) => outcomes.filter((o) => o.status === "fulfilled" && o.value === status).length;
  const errors = outcomes.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
  for (const error of errors) console.error(`mail retry: ${error}`);
  return {
    due: due.length,
    sent: count("sent"),
    failed: count("failed"),
    takenByAnotherRun: count("taken"),
    errors: errors.length,
    closedAbandoned: abandoned.meta.changes,
  };
}
