// The queue consumer (server.ts `queue`): docs/decisions/020-queues.md. A dead letter is only logged and reported:
// the outbox, `alert_deliveries` and `order_messages` keep the state, so the crons take the work up again.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { deliverAlertBatch, deliverUserAlerts } from "#app/alerts/flight-alerts.server";
import { deliverPushes } from "#app/alerts/push.server";
import { deliverQueuedMail } from "#app/mail/mail.server";
import { sendOrderMessages } from "#app/orders/order-messages.server";
import { ONCE_PER_ORDER_MESSAGES } from "#app/utils/constants";
import { type Job, JobSchema } from "#app/utils/queue-jobs.server";
import { errorLogLine, writeLogLine } from "#app/utils/request-log.server";

import { reportError } from "./error-reporting.server";

const DEAD_LETTER_SUFFIX = "-dead";
export const retryDelaySeconds = (attempts: number) => Math.min(10 * 2 ** Math.max(attempts - 1, 0), 600);

const summary = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([kind, count]) => `${kind}=${count}`)
    .join(",");

async function runJob(context: AppLoadContext, job: Job): Promise<string> {
  switch (job.type) {
    case "mail":
      return `mail:${(await deliverQueuedMail(context, job)).status}`;
    case "alerts":
      return `alerts:${(await deliverUserAlerts(context, job.userId)).kind}`;
    case "alertBatch":
      return `alertBatch:${summary(await deliverAlertBatch(context, job.userIds))}`;
    case "pushes":
      return `pushes:${summary(await deliverPushes(context, job.userIds))}`;
    case "orderMessages":
      return `orderMessages:${await sendOrderMessages(context, job.orderId, ONCE_PER_ORDER_MESSAGES)}`;
  }
}

export async function handleQueueBatch(batch: MessageBatch<unknown>, context: AppLoadContext) {
  const startedAt = Date.now();
  const outcomes: Record<string, number> = {};
  const count = (outcome: string) => void (outcomes[outcome] = (outcomes[outcome] ?? 0) + 1);
  let acked = 0;
  let retried = 0;
  const deadLetters = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
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
