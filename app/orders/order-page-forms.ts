import { z } from "#app/utils/zod";

export const OrderPaymentSchema = z.object({ intent: z.literal("pay", { error: "order.pay.errors.invalid" }) });

const cents = z.number({ error: "order.cancel.errors.invalid" }).int().min(0, { error: "order.cancel.errors.invalid" });

/** The figures the confirmation step showed: the action applies them only if the terms still give them. */
export const OrderCancelSchema = z.object({
  intent: z.literal("cancel", { error: "order.cancel.errors.invalid" }),
  feeCents: cents,
  refundCents: cents,
});

export const OrderPageSchema = z.discriminatedUnion("intent", [OrderPaymentSchema, OrderCancelSchema], {
  error: "order.pay.errors.invalid",
});
