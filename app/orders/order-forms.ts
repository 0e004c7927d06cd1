import { ORDER_STATUSES } from "#app/utils/constants";
import { idField, redirectToField } from "#app/utils/forms/fields";
import { z } from "#app/utils/zod";

export const OrderDecisionSchema = z.object({
  intent: z.enum(["validate", "refuse", "retryRefund"]),
  orderId: idField,
  redirectTo: redirectToField,
});

/** The bookkeeper's month: its receipts and credit notes as CSV, or their PDFs as one ZIP (decision 054). */
export const AccountingExportSchema = z.object({
  intent: z.enum(["csv", "zip"], { error: "accounting.errors.month" }),
  month: z.string({ error: "accounting.errors.month" }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, "accounting.errors.month"),
});

export const OrdersExportSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "orders.errors.exportFilter" }).optional(),
  q: z.string().optional(),
});
