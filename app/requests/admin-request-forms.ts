import { REQUEST_STATUSES } from "#app/utils/constants";
import { idField, redirectToField } from "#app/utils/forms/fields";
import { type Infer, z } from "#app/utils/zod";

/** The newsletter list has no status. */
export const HANDLED_REQUEST_KINDS = ["exclusive", "custom"] as const;

export const RequestStatusSchema = z.object({
  kind: z.enum(HANDLED_REQUEST_KINDS),
  id: idField,
  status: z.enum(REQUEST_STATUSES),
  redirectTo: redirectToField,
});
export type RequestStatusInput = Infer<typeof RequestStatusSchema>;
