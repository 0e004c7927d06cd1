import { ORDER_STATUSES } from "#app/utils/constants";
import { z } from "#app/utils/zod";
import { idField, redirectToField } from "#app/utils/forms/fields";

export const OrderDecisionSchema = z.object({
  intent: z.enum(["validate", "refuse", "retryRefund"]),
  orderId: idField,
  redirectTo: redirectToField,
});

export const OrdersExportSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "orders.errors.exportFilter" }).optional(),
  q: z.string().optional(),
});
