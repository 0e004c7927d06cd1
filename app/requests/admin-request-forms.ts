/** The 'Demandes' tab's form, shared by the server and the browser. */
import { REQUEST_STATUSES } from "#app/utils/constants";
import { z, type Infer } from "#app/utils/zod";
import { idField, redirectToField } from "#app/utils/forms/fields";

/** The kinds of request staff handle (the newsletter list has no status). */
export const HANDLED_REQUEST_KINDS = ["exclusive", "custom"] as const;

/** 'Marquer comme traitée' or 'Remettre en nouvelle' on one request. */
export const RequestStatusSchema = z.object({
  kind: z.enum(HANDLED_REQUEST_KINDS),
  id: idField,
  status: z.enum(REQUEST_STATUSES),
  redirectTo: redirectToField,
});
export type RequestStatusInput = Infer<typeof RequestStatusSchema>;
