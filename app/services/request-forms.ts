/**
 * The request forms' rules (traveller.md section 5), shared by the server and the
 * browser. Messages are keys of the catalogue namespace (`forms.errors.*`), shown
 * translated under each field.
 */
import { z, type Infer } from "#app/utils/zod";

/** Text, at-sign, domain with a dot, suffix of at least 2 letters, case-insensitive. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
/** An optional plus, then at least 10 digits, spaces, dashes or brackets. */
export const PHONE_PATTERN = /^\+?[0-9\s\-()]{10,}$/;

/** The exclusive form's countries (traveller.md section 3); the form sorts them by French name. */
export const COUNTRY_CODES = ["CH", "FR", "DE", "IT", "ES", "GB", "BE", "LU", "NL", "AT", "MC"] as const;
export const DEFAULT_COUNTRY = "CH";

export const CUSTOM_DEPARTURES = ["Genève", "Lausanne"] as const;
export const MAX_PASSENGERS = 8;

const SHORT_TEXT = 200;
const LONG_TEXT = 2000;

/** A required text: missing, blank or too long each give their message. */
const requiredText = (message: string, max = SHORT_TEXT) =>
  z.string({ error: message }).trim().min(1, message).max(max, "forms.errors.tooLong");

const idempotencyKey = z.uuid({ error: "forms.errors.expired" });

export const exclusiveRequestSchema = z.object({
  idempotencyKey,
  firstName: requiredText("forms.errors.required"),
  lastName: requiredText("forms.errors.required"),
  email: z
    .string({ error: "forms.errors.emailRequired" })
    .trim()
    .max(SHORT_TEXT, "forms.errors.tooLong")
    .regex(EMAIL_PATTERN, "forms.errors.emailInvalid"),
  phone: requiredText("forms.errors.required"),
  address: requiredText("forms.errors.required"),
  zipCode: requiredText("forms.errors.required", 20),
  city: requiredText("forms.errors.required"),
  country: z.enum(COUNTRY_CODES, { error: "forms.errors.required" }),
  message: z.string().trim().max(LONG_TEXT, "forms.errors.tooLong").optional(),
});
export type ExclusiveRequestInput = Infer<typeof exclusiveRequestSchema>;

/** `today` is the Europe/Zurich day ("YYYY-MM-DD"): a date before it is refused. */
export function customRequestSchema(today: string) {
  return z.object({
    idempotencyKey,
    departure: z.enum(CUSTOM_DEPARTURES, { error: "forms.errors.departure" }),
    arrival: requiredText("forms.errors.arrival", 100),
    date: z
      .string({ error: "forms.errors.date" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "forms.errors.date")
      .refine((day) => day >= today, "forms.errors.date"),
    passengers: z
      .number({ error: "forms.errors.passengers" })
      .int("forms.errors.passengers")
      .min(1, "forms.errors.passengers")
      .max(MAX_PASSENGERS, "forms.errors.passengers"),
    firstName: requiredText("forms.errors.firstName"),
    lastName: requiredText("forms.errors.lastName"),
    email: z
      .string({ error: "forms.errors.email" })
      .trim()
      .max(SHORT_TEXT, "forms.errors.tooLong")
      .regex(EMAIL_PATTERN, "forms.errors.emailInvalid"),
    phone: z
      .string({ error: "forms.errors.phone" })
      .trim()
      .max(40, "forms.errors.phoneInvalid")
      .regex(PHONE_PATTERN, "forms.errors.phoneInvalid"),
  });
}
export type CustomRequestInput = Infer<ReturnType<typeof customRequestSchema>>;

export const newsletterSchema = z.object({
  email: z
    .string({ error: "newsletter.errors.required" })
    .trim()
    .max(SHORT_TEXT, "newsletter.errors.invalid")
    .regex(EMAIL_PATTERN, "newsletter.errors.invalid"),
});
