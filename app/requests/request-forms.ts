// The request forms (docs/catalogue.md); messages are keys of the catalogue namespace, shown translated.
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

export const COUNTRY_CODES = BILLING_COUNTRY_CODES;
export const DEFAULT_COUNTRY = "CH";

export const CUSTOM_DEPARTURES = ["Genève", "Lausanne"] as const;
export const MAX_PASSENGERS = 8;

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;

const TOO_LONG = "forms.errors.tooLong";
const requiredText = (message: string, max = SHORT_TEXT) => requiredTextOf(message, max, TOO_LONG);

const idempotencyKey = z.uuid({ error: "forms.errors.expired" });

/** Shared by the exclusive request and the checkout. */
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

/** Checked again on post: a day that passed since the page was loaded is refused. */
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

export const newsletterSchema = z.object({
  email: emailField({
    required: "newsletter.errors.required",
    invalid: "newsletter.errors.invalid",
    tooLong: "newsletter.errors.invalid",
  }),
  redirectTo: redirectToField,
});

/** Optional: a one-click unsubscribe from a mail client posts without it (the link's query has it). */
export const NewsletterLinkSchema = z.object({ token: z.string().optional() });

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

/** Runs a whole-form check once its fields are valid (zod skips it after any issue), so its errors come with the rest. */
const onceValid = (...fields: string[]) => ({
  when: (payload: ParsePayload) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

// Without JavaScript the page shows a name field per seat left: a name past the seats ordered is refused rather than
// dropped (the buyer probably meant more). conform reads its constraints here; `checkoutSchema` cuts the list.
export const checkoutFormSchema = z
  .object({
    idempotencyKey,
    /** Seats shown with the price: a sale in between refuses the order. */
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
