/**
 * The request forms (docs/catalogue.md): exclusive, custom and newsletter, shared by the
 * server and the browser; field rules from app/utils/forms/fields.ts. Messages are keys of
 * the catalogue namespace (`forms.errors.*`, `newsletter.errors.*`), shown translated.
 */
import { BILLING_COUNTRY_CODES } from "#app/content/country-names";
import {
  emailField,
  isCalendarDay,
  phoneField,
  redirectToField,
  requiredText as requiredTextOf,
} from "#app/utils/forms/fields";
import { type Infer, z } from "#app/utils/zod";

export const COUNTRY_CODES = BILLING_COUNTRY_CODES;
export const DEFAULT_COUNTRY = "CH";

export const CUSTOM_DEPARTURES = ["Genève", "Lausanne"] as const;
export const MAX_PASSENGERS = 8;

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;

const TOO_LONG = "forms.errors.tooLong";
const requiredText = (message: string, max = SHORT_TEXT) => requiredTextOf(message, max, TOO_LONG);

/** The form's key, made when the page is shown: the same form sent twice is one request (or one order). */
export const idempotencyKey = z.uuid({ error: "forms.errors.expired" });

/**
 * Who books and where to bill (the reservation request's fields): the
 * exclusive request uses these fields, and so does the checkout (orders/checkout-forms.ts).
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
 * utils/exclusive-dates.ts), counted again when the form is posted: any other day,
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
