import type { ParsePayload } from "zod/v4/core";

import { customerFields, idempotencyKey } from "#app/requests/request-forms";
import { type Infer, z } from "#app/utils/zod";

/** The most seats any aircraft of the data has (PC-24). */
export const MAX_CHECKOUT_SEATS = 8;

export const MAX_PASSENGER_NAME = 100;

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

/** Runs a whole-form check once the fields it reads are valid (zod skips it after any issue): all errors at once. */
const onceValid = (...fields: string[]) => ({
  when: (payload: ParsePayload) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

/**
 * Without JavaScript the page shows a name field per seat left and this schema decides: the first `seatsOrdered` names
 * are required, one past them refused rather than dropped (the buyer probably meant more seats). Conform reads its
 * constraints from this object (it cannot read a transform); `checkoutSchema` cuts the list.
 */
export const checkoutFormSchema = z
  .object({
    idempotencyKey,
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
  passengers: (passengers ?? []).slice(0, seatsOrdered(form)).filter((name): name is string => Boolean(name)),
}));
export type CheckoutForm = Infer<typeof checkoutSchema>;
