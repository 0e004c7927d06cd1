import { MAX_ID_LENGTH } from "#app/utils/responses.server";
import { type Infer, z } from "#app/utils/zod";

export const JobSchema = z.discriminatedUnion("type", [
  /** `attempts` as stored: the claim's condition. */
  z.object({ type: z.literal("mail"), outboxId: z.number().int().positive(), attempts: z.number().int().min(0) }),
  /** One customer's alerts: what runs queued before `alertBatch` (kept so that those messages are still read). */
  z.object({ type: z.literal("alerts"), userId: z.string().min(1).max(MAX_ID_LENGTH) }),
  /** The alerts of a batch of customers, one after another (docs/decisions/057-web-push.md). */
  z.object({
    type: z.literal("alertBatch"),
    userIds: z.array(z.string().min(1).max(MAX_ID_LENGTH)).min(1).max(100),
  }),
  /** The due pushes of a batch of customers (docs/decisions/057-web-push.md). */
  z.object({ type: z.literal("pushes"), userIds: z.array(z.string().min(1).max(MAX_ID_LENGTH)).min(1).max(100) }),
  /** The unsent messages of one order (the cron's reminders before a flight). */
  z.object({ type: z.literal("orderMessages"), orderId: z.string().min(1).max(MAX_ID_LENGTH) }),
]);

export type Job = Infer<typeof JobSchema>;
