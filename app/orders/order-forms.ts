import { ORDER_STATUSES } from "#app/utils/constants";
import { idField, redirectToField } from "#app/utils/forms/fields";
import { z } from "#app/utils/zod";

export const OrderDecisionSchema = z.object({
  intent: z.enum(["validate", "refuse", "retryRefund"]),
  orderId: idField,
  redirectTo: redirectToField,
});

export const OrdersExportSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "orders.errors.exportFilter" }).optional(),
  q: z.string().optional(),
});
