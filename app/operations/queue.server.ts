/**
 * The consumer of Cloudflare Queues (server.ts `queue`; docs/decisions/020-queues.md).
 * `jetmalin-jobs`: each message is one job of app/utils/queue-jobs.server.ts, run on its
 * own; done (or refused as unreadable), it is acknowledged; failed (a database error),
 * it is retried with a growing delay, and after `max_retries` (wrangler.toml) it goes to
 * the dead-letter queue. `jetmalin-jobs-dead`: each message is logged as an error (and
 * reported) and acknowledged; nothing is lost, since the outbox and `alert_deliveries`
 * keep the state: the cron retries the mail, the next alert run the customer's alerts.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { JobSchema, type Job } from "#app/utils/queue-jobs.server";
import { deliverQueuedMail } from "#app/mail/mail.server";
import { deliverUserAlerts } from "#app/alerts/flight-alerts.server";
import { reportError } from "./error-reporting.server";
import { errorLogLine, writeLogLine } from "#app/utils/request-log.server";

/** A dead-letter queue's name ends so (wrangler.toml `dead_letter_queue`). */
const DEAD_LETTER_SUFFIX = "-dead";
/** Seconds before a failed job's next delivery: 10, 20, 40 ... at most 10 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(10 * 2 ** Math.max(attempts - 1, 0), 600);

/** What one job did, as a short name for the batch's log line. */
async function runJob(context: AppLoadContext, job: Job): Promise<string> {
  switch (job.type) {
    case "mail":
      return `mail:${(await deliverQueuedMail(context, job)).status}`;
    case "alerts":
      return `alerts:${(await deliverUserAlerts(context, job.userId)).kind}`;
  }
}

export async function handleQueueBatch(batch: MessageBatch<unknown>, context: AppLoadContext) {
  const startedAt = Date.now();
  const outcomes: Record<string, number> = {};
  const count = (outcome: string) => void (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);
  let acked = 0;
  let retried = 0;
  const deadLetters = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  // The jobs of a batch are independent: they run together, each acknowledged on its own.
  await Promise.all(
    batch.messages.map(async (message) => {
      const job = JobSchema.safeParse(message.body);
      if (!job.success) {
        count("unreadable");
        writeLogLine(
          errorLogLine(context.requestId, new Error(`queue ${batch.queue}: an unreadable message ${message.id}`)),
        );
      } else if (deadLetters) {
        count(`dead:${job.data.type}`);
        const error = new Error(
          `queue ${batch.queue}: a ${job.data.type} job failed ${message.attempts} times (message ${message.id})`,
        );
        writeLogLine(errorLogLine(context.requestId, error));
        reportError(error, { requestId: context.requestId });
      } else {
        try {
          count(await runJob(context, job.data));
        } catch (error) {
          count(`${job.data.type}:error`);
          writeLogLine(errorLogLine(context.requestId, error));
          message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
          retried++;
          return;
        }
      }
      message.ack();
      acked++;
    }),
  );
  writeLogLine({
    type: "queue",
    runId: context.requestId,
    queue: batch.queue,
    messages: batch.messages.length,
    acked,
    retried,
    durationMs: Math.max(0, Math.round(Date.now() - startedAt)),
    outcomes,
    ok: retried === 0 && !deadLetters,
  });
  return { acked, retried, outcomes };
}
