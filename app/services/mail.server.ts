import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "#app/utils/zod";
import {
  claimOutboxMail,
  closeAbandonedOutboxMails,
  insertOutboxMail,
  listDueOutboxMails,
  markOutboxMailFailed,
  markOutboxMailSent,
  type OutboxMail,
} from "#app/models/mail-outbox.server";
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
  // Stored as already claimed for its first try: a cron run starting meanwhile
  // leaves it alone until the retry delay, and takes it up if this Worker dies.
  const row = await insertOutboxMail(context.db, {
    toAddress: recipient,
    template,
    locale: rendered.locale,
    data: data as Record<string, unknown>,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: rendered.headers,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)),
    createdAt: now,
  });
  return deliver(context, row);
}

/** One try of a claimed row; records the outcome on the row. */
async function deliver(context: AppLoadContext, row: OutboxMail): Promise<SendMailResult> {
  const { db, mailer } = context;
  let providerMessageId: string | null;
  try {
    ({ providerMessageId } = await mailer.send({
      outboxId: row.id,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers ?? undefined,
    }));
  } catch (cause) {
    const error = (cause instanceof Error ? cause.message : String(cause)).slice(0, MAX_ERROR_LENGTH);
    const givesUp = row.attempts >= MAX_MAIL_ATTEMPTS;
    await markOutboxMailFailed(db, row.id, {
      error,
      nextAttemptAt: givesUp ? null : new Date(context.now().getTime() + retryDelayMs(row.attempts)),
    });
    console.warn(
      `mail ${row.id} ${row.template} failed via ${mailer.name} (try ${row.attempts}/${MAX_MAIL_ATTEMPTS}${givesUp ? ", giving up" : ""}): ${error}`,
    );
    return { outboxId: row.id, status: "failed", error };
  }
  // Outside the try: a database error here is not a failed delivery (the mail left).
  await markOutboxMailSent(db, row.id, { sentAt: context.now(), providerMessageId });
  // Never the data or the body here: they may hold a token link.
  console.log(`mail ${row.id} ${row.template} sent via ${mailer.name} (try ${row.attempts})`);
  return { outboxId: row.id, status: "sent" };
}

/**
 * The cron task: retries every due row (pending or failed, next try reached, tries
 * left). Each row is claimed by a conditional update first, so two overlapping runs
 * never send the same mail twice; one row's failure never stops the others.
 */
export async function deliverDueMails(context: AppLoadContext, { limit = RETRY_BATCH_SIZE } = {}) {
  const { db } = context;
  const now = context.now();
  const closedAbandoned = await closeAbandonedOutboxMails(db, { now, maxAttempts: MAX_MAIL_ATTEMPTS });
  const due = await listDueOutboxMails(db, { now, maxAttempts: MAX_MAIL_ATTEMPTS, limit });

  const outcomes = await Promise.allSettled(
    due.map(async ({ id, attempts }) => {
      const claimed = await claimOutboxMail(db, {
        id,
        attempts,
        now,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts + 1)),
      });
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
    closedAbandoned,
  };
}
