/**
 * The messages of the jobs queue (`jetmalin-jobs`, binding `JOBS`): their schema, which the
 * consumer parses every message with, and their type, which the Worker's env names the
 * binding with. Sending them is app/operations/jobs.server.ts's.
 */
import { z, type Infer } from "#app/utils/zod";
import { MAX_ID_LENGTH } from "#app/utils/responses.server";

export const JobSchema = z.discriminatedUnion("type", [
  /** The first try of an outbox row (`attempts` as it was stored: the claim's condition). */
  z.object({ type: z.literal("mail"), outboxId: z.number().int().positive(), attempts: z.number().int().min(0) }),
  /** One user's waiting alert pairs: their notifications and one mail. */
  z.object({ type: z.literal("alerts"), userId: z.string().min(1).max(MAX_ID_LENGTH) }),
]);

export type Job = Infer<typeof JobSchema>;
