// Work handed to Cloudflare Queues: docs/decisions/020-queues.md. Delivery is at least once, so every job takes
// its rows by a conditional update.
import type { Job } from "#app/utils/queue-jobs.server";

export type JobQueue = {
  send(job: Job): Promise<void>;
  sendAll(jobs: Job[]): Promise<void>;
};

/** Queues' limit per `sendBatch` (and 256 KB, far above 100 small jobs). */
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
