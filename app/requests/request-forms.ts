/**
 * The request forms (docs/catalogue.md): exclusive, custom and newsletter, shared by the
 * server and the browser; field rules from app/utils/forms/fields.ts. Messages are keys of
 * the catalogue namespace (`forms.errors.*`, `newsletter.errors.*`), shown translated.
 */
import type { ParsePayload } from "zod/v4/core";
import { z, type Infer } from "#app/utils/zod";
import { BILLING_COUNTRY_CODES } from "#app/content/country-names";
import {
  emailField,
  isCalendarDay,
  phoneField,
  redirectToField,
  requiredText as requiredTextOf,
} from "#app/utils/forms/fields";

/** The exclusive form's countries; the form names and sorts them in the reader's language. */
export const COUNTRY_CODES = BILLING_COUNTRY_CODES;
export const DEFAULT_COUNTRY = "CH";

export const CUSTOM_DEPARTURES = ["Genève", "Lausanne"] as const;
export const MAX_PASSENGERS = 8;

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;

const TOO_LONG = "forms.errors.tooLong";
const requiredText = (message: string, max = SHORT_TEXT) => requiredTextOf(message, max, TOO_LONG);

const idempotencyKey = z.uuid({ error: "forms.errors.expired" });

/**
 * Who books and where to bill (the reservation request's fields): the
 * exclusive request uses these fields, and so does the checkout.
 */
export const customerFields = {
  firstName: requiredText("forms.errors.required"),
  lastName: requiredText("forms.errors.required"),
  email: emailField({
    required: "forms.errors.emailRequired",
    invalid: "forms.errors.emailInvalid",
    tooLong: TOO_LONG,
  }),
  phone: phoneField({ required: "forms.errors.required", invalid: "forms.errors.phoneInvalid", tooLong: TOO_LONG }),
  address: requiredText("forms.errors.required"),
  zipCode: requiredText("forms.errors.required", 20),
  city: requiredText("forms.errors.required"),
  country: z.enum(COUNTRY_CODES, { error: "forms.errors.required" }),
};

/**
 * `offeredDates` are the departure days the form offers ("YYYY-MM-DD",
 * requests/exclusive-dates.ts), counted again when the form is posted: any other day,
 * or one that has passed since the page was loaded, is refused.
 */
export function exclusiveRequestSchema(offeredDates: readonly string[]) {
  return z.object({
    idempotencyKey,
    departureDate: z
      .string({ error: "forms.errors.departureDate" })
      .refine((day) => offeredDates.includes(day), "forms.errors.departureDateGone"),
    ...customerFields,
    message: z.string().trim().max(LONG_TEXT, TOO_LONG).optional(),
  });
}
export type ExclusiveRequestInput = Infer<ReturnType<typeof exclusiveRequestSchema>>;

/** `today` is the Europe/Zurich day ("YYYY-MM-DD"): a date before it is refused. */
export function customRequestSchema(today: string) {
  return z.object({
    idempotencyKey,
    departure: z.enum(CUSTOM_DEPARTURES, { error: "forms.errors.departure" }),
    arrival: requiredText("forms.errors.arrival", 100),
    date: z
      .string({ error: "forms.errors.date" })
      .refine(isCalendarDay, "forms.errors.date")
      .refine((day) => day >= today, "forms.errors.date"),
    passengers: z
      .number({ error: "forms.errors.passengers" })
      .int("forms.errors.passengers")
      .min(1, "forms.errors.passengers")
      .max(MAX_PASSENGERS, "forms.errors.passengers"),
    firstName: requiredText("forms.errors.firstName"),
    lastName: requiredText("forms.errors.lastName"),
    email: emailField({ required: "forms.errors.email", invalid: "forms.errors.emailInvalid", tooLong: TOO_LONG }),
    phone: phoneField({ required: "forms.errors.phone", invalid: "forms.errors.phoneInvalid", tooLong: TOO_LONG }),
  });
}
export type CustomRequestInput = Infer<ReturnType<typeof customRequestSchema>>;

/** The footer's field, posted from any page and sent back there (`redirectTo`). */
export const newsletterSchema = z.object({
  email: emailField({
    required: "newsletter.errors.required",
    invalid: "newsletter.errors.invalid",
    tooLong: "newsletter.errors.invalid",
  }),
  redirectTo: redirectToField,
});

/**
 * The button of a newsletter mail link's page (confirm, unsubscribe): the link's token,
 * bounded where it is read (`boundedParam`). A one-click unsubscribe from a mail client
 * posts without it; the link's query has it then.
 */
export const NewsletterLinkSchema = z.object({ token: z.string().optional() });

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
