import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "#app/utils/zod";
import {
  claimOutboxMail,
  claimQueuedOutboxMail,
  closeAbandonedOutboxMails,
  getOutboxMail,
  insertOutboxMail,
  listDueOutboxMails,
  markOutboxMailFailed,
  markOutboxMailSent,
  type OutboxMail,
} from "./mail-outbox.queries.server";
import type { NewOutboxMail } from "#app/db/outbox-insert.server";
import type { MailData } from "#emails/define-mail";
import type { mailTemplates, MailTemplateName } from "#emails/registry";
import { renderMail } from "#emails/render";
import { describeError, logError, logEvent } from "#app/utils/request-log.server";
import { getErrorMessage } from "#app/utils/error-message";

/**
 * A mail is tried at most this many times in all, the first try included (docs/mail.md
 * 'Outbox and retries').
 */
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

/** `queued`: a queue job sends it in a moment. */
export type SendMailResult = { outboxId: number; status: "sent" | "failed" | "queued"; error?: string };

/** Wait before the next try once `attempts` tries failed: 1, 2, 4, 8... minutes, at most 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
}

const recipientSchema = z.email();

/**
 * Renders the mail in the recipient's language and stores it in mail_outbox, its first
 * try claimed by this call. Throws only for programming errors (bad address, unknown
 * template). The row is what the outbox keeps: `deliver` records each try on it.
 */
export async function renderOutboxMail<Name extends MailTemplateName>(
  context: AppLoadContext,
  { to, locale, template, data }: SendMailInput<Name>,
): Promise<NewOutboxMail> {
  const recipient = recipientSchema.parse(to);
  const rendered = await renderMail(template, locale, data);
  const now = context.now();
  return {
    toAddress: recipient,
    template,
    locale: rendered.locale,
    data: data as Record<string, unknown>,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: rendered.headers,
    // A cron run starting meanwhile leaves the row alone until then, and takes it up
    // if its first try never happens (the Worker died, the job was lost).
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)),
    createdAt: now,
  };
}

/**
 * Renders the mail, stores it in mail_outbox, and has it sent: by a queue job when the
 * Worker has the queue (the request does not wait for the provider), at once otherwise.
 * A delivery failure is returned, never thrown: the cron retries it (`deliverDueMails`).
 * Throws only for programming errors (bad address, unknown template) and database errors.
 */
export async function sendMail<Name extends MailTemplateName>(
  context: AppLoadContext,
  input: SendMailInput<Name>,
): Promise<SendMailResult> {
  const mail = await renderOutboxMail(context, input);
  if (!context.jobs) return deliver(context, await insertOutboxMail(context.db, mail));
  const row = await insertOutboxMail(context.db, mail, { attempts: 0 });
  try {
    await context.jobs.send({ type: "mail", outboxId: row.id, attempts: row.attempts });
    return { outboxId: row.id, status: "queued" };
  } catch (error) {
    // The queue refused it: the mail goes now, as without a queue.
    logEvent("warn", "mail.not-queued", {
      requestId: context.requestId,
      outboxId: row.id,
      template: row.template,
      ...describeError(error),
    });
    const result = await deliverQueuedMail(context, { outboxId: row.id, attempts: row.attempts });
    return result.status === "taken" ? { outboxId: row.id, status: "queued" } : result;
  }
}

/**
 * A mail job: the try it was queued for, if nobody took the row since (a second delivery
 * of the same job, or the cron after the lease). `taken`: nothing was done.
 */
export async function deliverQueuedMail(
  context: AppLoadContext,
  { outboxId, attempts }: { outboxId: number; attempts: number },
): Promise<SendMailResult | { outboxId: number; status: "taken" }> {
  const claimed = await claimQueuedOutboxMail(context.db, {
    id: outboxId,
    attempts,
    nextAttemptAt: new Date(context.now().getTime() + retryDelayMs(attempts + 1)),
  });
  return claimed ? deliver(context, claimed) : { outboxId, status: "taken" };
}

/** The first try of a row stored already claimed (`insertOutboxMailWhen`). */
export async function deliverStoredMail(
  context: AppLoadContext,
  outboxId: number,
): Promise<SendMailResult | { outboxId: number; status: "taken" }> {
  const row = await getOutboxMail(context.db, outboxId);
  return row && row.status === "pending" ? deliver(context, row) : { outboxId, status: "taken" };
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
    const error = getErrorMessage(cause).slice(0, MAX_ERROR_LENGTH);
    const givesUp = row.attempts >= MAX_MAIL_ATTEMPTS;
    await markOutboxMailFailed(db, row.id, {
      error,
      nextAttemptAt: givesUp ? null : new Date(context.now().getTime() + retryDelayMs(row.attempts)),
    });
    logEvent("warn", "mail.failed", {
      requestId: context.requestId,
      outboxId: row.id,
      template: row.template,
      transport: mailer.name,
      attempt: row.attempts,
      maxAttempts: MAX_MAIL_ATTEMPTS,
      givesUp,
      ...describeError(cause),
    });
    return { outboxId: row.id, status: "failed", error };
  }
  // Outside the try: a database error here is not a failed delivery (the mail left).
  await markOutboxMailSent(db, row.id, { sentAt: context.now(), providerMessageId });
  // Never the data or the body here: they may hold a token link.
  logEvent("info", "mail.sent", {
    requestId: context.requestId,
    outboxId: row.id,
    template: row.template,
    transport: mailer.name,
    attempt: row.attempts,
  });
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
  const errors = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
  for (const error of errors) logError("mail.retry-failed", error, { requestId: context.requestId });
  return {
    due: due.length,
    sent: count("sent"),
    failed: count("failed"),
    takenByAnotherRun: count("taken"),
    errors: errors.length,
    closedAbandoned,
  };
}
