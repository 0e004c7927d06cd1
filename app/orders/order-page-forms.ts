/** The order page's forms (/confirmation/{orderId}), shared by the server and the browser. */
import { z } from "#app/utils/zod";

/** 'Payer maintenant': a pending order whose seats are still held goes to the provider's page. */
export const OrderPaymentSchema = z.object({ intent: z.literal("pay", { error: "order.pay.errors.invalid" }) });
