/**
 * The form of a leg flown from or to another airport (docs/decisions/059-rerouted-legs.md): which end, the airport, the
 * departure, then who asks. Keys of the `offers` namespace, the contact's of `catalogue` (`forms.errors.*`).
 */
import { customRequestSchema } from "#app/requests/request-forms";
import { type Infer, z } from "#app/utils/zod";

export const REROUTE_ENDS = ["departure", "arrival"] as const;
export type RerouteEnd = (typeof REROUTE_ENDS)[number];

/** What the estimate needs: the GET form's fields, read from the URL. */
export const rerouteChoiceSchema = z.object({
  end: z.enum(REROUTE_ENDS, { error: "reroute.errors.end" }),
  airport: z.string({ error: "reroute.errors.airport" }).regex(/^[A-Z0-9]{3,4}$/, "reroute.errors.airport"),
  day: z.string({ error: "reroute.errors.day" }).regex(/^\d{4}-\d{2}-\d{2}$/, "reroute.errors.day"),
  time: z.string({ error: "reroute.errors.time" }).regex(/^\d{2}:\d{2}$/, "reroute.errors.time"),
});
export type RerouteChoice = Infer<typeof rerouteChoiceSchema>;

const contact = customRequestSchema("0000-01-01").pick({
  idempotencyKey: true,
  passengers: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
});

export const rerouteRequestSchema = rerouteChoiceSchema.extend(contact.shape);
export type RerouteRequestInput = Infer<typeof rerouteRequestSchema>;
