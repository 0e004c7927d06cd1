import { z } from "#app/utils/zod";

export const DEV_PAY_INTENTS = ["pay", "decline", "abandon"] as const;

export const DevPaySchema = z.object({
  intent: z.enum(DEV_PAY_INTENTS),
});
