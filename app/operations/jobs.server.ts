/**
 * Work handed to Cloudflare Queues (docs/decisions/020-queues.md): the queue `jetmalin-jobs`
 * (binding `JOBS`), consumed by the same Worker (server.ts `queue`, app/operations/queue.server.ts).
 * Delivery is at least once, so every job is idempotent: a mail job claims its outbox row
 * by a conditional update, an alert job claims its (user, flight) pairs the same way.
 */
import type { Job } from "#app/utils/queue-jobs.server";

/** Where jobs go: the queue, or nowhere (tests, and a Worker deployed without the binding). */
export type JobQueue = {
  send(job: Job): Promise<void>;
  /** Many at once, in as few calls as the queue allows. */
  sendAll(jobs: Job[]): Promise<void>;
};

/** Messages per `sendBatch` call: Queues' limit (and 256 KB, far above 100 small jobs). */
export const SEND_BATCH_SIZE = 100;

export function jobQueueFrom(binding: Queue<Job> | undefined): JobQueue | null {
  if (!binding) return null;
  return {
    send: async (job) => {
      await binding.send(job, { contentType: "json" });
    },
    sendAll: async (jobs) => {
      for (let start = 0; start < jobs.length; start += SEND_BATCH_SIZE) {
        await binding.sendBatch(
          jobs.slice(start, start + SEND_BATCH_SIZE).map((body) => ({ body, contentType: "json" as const })),
        );
      }
    },
  };
}
