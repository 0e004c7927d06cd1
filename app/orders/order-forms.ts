/** The back-office's order forms, shared by the server and the browser. */
import { ORDER_STATUSES } from "#app/utils/constants";
import { z } from "#app/utils/zod";
import { idField, redirectToField } from "#app/utils/forms/fields";

/** 'Valider' or 'Refuser' on one order of the orders tab. */
export const OrderDecisionSchema = z.object({
  intent: z.enum(["validate", "refuse", "retryRefund"]),
  orderId: idField,
  redirectTo: redirectToField,
});

/**
 * 'Exporter en CSV' (decision 010): the tab's filter as its hidden fields send it, a
 * known status or none (every status), and the search, which `orderFilterFrom`
 * (utils/list-params.ts) cleans and cuts like the tab's own.
 */
export const OrdersExportSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: "orders.errors.exportFilter" }).optional(),
  q: z.string().optional(),
});
