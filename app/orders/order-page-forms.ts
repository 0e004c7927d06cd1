/** The order page's forms (/confirmation/{orderId}), shared by the server and the browser. */
import { z } from "#app/utils/zod";

/** 'Payer maintenant': a pending order whose seats are still held goes to the provider's page. */
export const OrderPaymentSchema = z.object({ intent: z.literal("pay", { error: "order.pay.errors.invalid" }) });

const cents = z.number({ error: "order.cancel.errors.invalid" }).int().min(0, { error: "order.cancel.errors.invalid" });

/**
 * 'Confirmer l'annulation' (docs/decisions/033-customer-cancellation.md): the fee and the
 * refund the confirmation step showed, so that the action applies them only if the terms
 * still give the same figures at its own instant.
 */
export const OrderCancelSchema = z.object({
  intent: z.literal("cancel", { error: "order.cancel.errors.invalid" }),
  feeCents: cents,
  refundCents: cents,
});

/** The page's two forms, told apart by `intent`. */
export const OrderPageSchema = z.discriminatedUnion("intent", [OrderPaymentSchema, OrderCancelSchema], {
  error: "order.pay.errors.invalid",
});
