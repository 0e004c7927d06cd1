// The outbox and its retries: docs/mail.md; the queue's first try: docs/decisions/020-queues.md.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { NewOutboxMail } from "#app/db/outbox-insert.server";
import { getErrorMessage } from "#app/utils/error-message";
import { describeError, logError, logEvent } from "#app/utils/request-log.server";
import { z } from "#app/utils/zod";
import type { MailData } from "#emails/define-mail";
import type { MailTemplateName, mailTemplates } from "#emails/registry";
import { renderMail } from "#emails/render";

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

export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_DELAY_MS = 60_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * 60_000;
export const RETRY_BATCH_SIZE = 25;
const MAX_ERROR_LENGTH = 1000;

export type SendMailInput<Name extends MailTemplateName> = {
  to: string;
  locale: string;
  template: Name;
  data: MailData<(typeof mailTemplates)[Name]>;
};

export type SendMailResult = { outboxId: number; status: "sent" | "failed" | "queued"; error?: string };

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
}

const recipientSchema = z.email();

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
    // The lease: a cron run takes the row only if this first try never happens.
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(1)),
    createdAt: now,
  };
}

export async function sendMail<Name extends MailTemplateName>(
  context: AppLoadContext,
  input: SendMailInput<Name>,
): Promise<SendMailResult> {
  const mail = await renderOutboxMail(context, input);
  if (!context.jobs) return deliver(context, await insertOutboxMail(context.db, mail));
  const row = await insertOutboxMail(context.db, mail, { attempts: 0 });
  return queueStoredMail(context, { outboxId: row.id, template: row.template });
}

/** Whether a mail stored in a batch of its own (`insertOutboxMailWhen`) waits for a queue job (attempts 0) or goes now (1). */
export const storedMailAttempts = (context: AppLoadContext): 0 | 1 => (context.jobs ? 0 : 1);

/** The first try of a mail stored with `storedMailAttempts`: a queue job, else now. */
export async function sendStoredMail(
  context: AppLoadContext,
  { outboxId, template }: { outboxId: number; template: string },
): Promise<SendMailResult | { outboxId: number; status: "taken" }> {
  return context.jobs ? queueStoredMail(context, { outboxId, template }) : deliverStoredMail(context, outboxId);
}

async function queueStoredMail(
  context: AppLoadContext,
  { outboxId, template }: { outboxId: number; template: string },
) {
  try {
    await context.jobs!.send({ type: "mail", outboxId, attempts: 0 });
    return { outboxId, status: "queued" } as const;
  } catch (error) {
    // The queue refused it: the mail goes now, as without a queue.
    logEvent("warn", "mail.not-queued", { requestId: context.requestId, outboxId, template, ...describeError(error) });
    const result = await deliverQueuedMail(context, { outboxId, attempts: 0 });
    return result.status === "taken" ? ({ outboxId, status: "queued" } as const) : result;
  }
}

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
