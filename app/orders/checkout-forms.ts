/**
 * The checkout's form (/checkout/{flightId}), shared by the server and the browser; the
 * customer's fields are the exclusive request's (requests/request-forms.ts). Messages are
 * keys of the catalogue namespace (`checkout.errors.*`, `forms.errors.*`), shown translated.
 */
import type { ParsePayload } from "zod/v4/core";
import { z, type Infer } from "#app/utils/zod";
import { customerFields, idempotencyKey } from "#app/requests/request-forms";

/** The most seats any aircraft of the data has (PC-24). */
export const MAX_CHECKOUT_SEATS = 8;

/** A passenger's name as the operator needs it (first and last name, as on the ID). */
export const MAX_PASSENGER_NAME = 100;

/** The seats an order takes: N seats, or every seat offered for the whole aircraft. */
export function seatsOrdered({
  choice,
  seats,
  seenAvailableSeats,
}: {
  choice: "seats" | "aircraft";
  seats?: number;
  seenAvailableSeats: number;
}) {
  return choice === "aircraft" ? seenAvailableSeats : (seats ?? 0);
}

/**
 * /checkout/{flightId} (docs/orders.md 'Checkout'): N seats or the whole aircraft, one passenger's
 * name per seat, the customer, the terms.
 *
 * The names are a list field (`passengers[0]`, `passengers[1]`, ...). Without JavaScript
 * the page cannot follow the seat choice, so it shows one field per seat left and this
 * schema decides: the first `seatsOrdered` names are required; a name past them is
 * refused rather than dropped (the buyer probably meant more seats). With JavaScript the
 * fields past the choice are disabled, so they are not sent. This object is what conform
 * reads its constraints from (it cannot read a transform); `checkoutSchema` adds the list
 * cut to the seats ordered.
 */
/**
 * Lets a check of the whole form run as soon as the fields it reads are valid (zod skips
 * it after any issue otherwise), so its errors come in the same round as the others'.
 */
const onceValid = (...fields: string[]) => ({
  when: (payload: ParsePayload) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

export const checkoutFormSchema = z
  .object({
    idempotencyKey,
    /** The seats shown with the price: a sale in between refuses the order (orders/orders.queries.server.ts). */
    seenAvailableSeats: z.number({ error: "checkout.errors.changed" }).int().min(1).max(MAX_CHECKOUT_SEATS),
    choice: z.enum(["seats", "aircraft"], { error: "checkout.errors.choice" }),
    seats: z
      .number({ error: "checkout.errors.seats" })
      .int("checkout.errors.seats")
      .min(1, "checkout.errors.seats")
      .max(MAX_CHECKOUT_SEATS, "checkout.errors.seats")
      .optional(),
    // An empty field is a missing one (utils/forms/parse.ts): a hole in the list.
    passengers: z
      .array(z.string().trim().max(MAX_PASSENGER_NAME, "checkout.errors.passengerTooLong").optional())
      .max(MAX_CHECKOUT_SEATS)
      .optional(),
    ...customerFields,
    terms: z.literal("on", { error: "checkout.errors.terms" }),
  })
  .refine(
    (value) => value.choice === "aircraft" || (value.seats !== undefined && value.seats <= value.seenAvailableSeats),
    {
      path: ["seats"],
      message: "checkout.errors.seats",
      ...onceValid("choice", "seats", "seenAvailableSeats"),
    },
  )
  .superRefine(
    (value, context) => {
      // Without a valid number of seats there is nothing to count the names against.
      if (value.choice === "seats" && value.seats === undefined) return;
      const count = seatsOrdered(value);
      const names = value.passengers ?? [];
      for (let index = 0; index < Math.max(count, names.length); index += 1) {
        const name = names[index];
        if (index < count && !name)
          context.addIssue({
            code: "custom",
            path: ["passengers", index],
            message: "checkout.errors.passengerRequired",
          });
        if (index >= count && name)
          context.addIssue({ code: "custom", path: ["passengers", index], message: "checkout.errors.passengerExtra" });
      }
    },
    onceValid("choice", "seats", "seenAvailableSeats", "passengers"),
  );

export const checkoutSchema = checkoutFormSchema.transform(({ passengers, ...form }) => ({
  ...form,
  /** One name per seat ordered, in the order of the fields. */
  passengers: (passengers ?? []).slice(0, seatsOrdered(form)).filter((name): name is string => Boolean(name)),
}));
/** A valid checkout form, as orders/checkout.server.ts takes it. */
export type CheckoutForm = Infer<typeof checkoutSchema>;
