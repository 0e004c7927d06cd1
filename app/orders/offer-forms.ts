/**
 * The offer forms (docs/decisions/058-offers.md), shared by the server and the browser: staff's offer, withdrawal
 * and message (`admin` keys), the customer's acceptance (the checkout's fields), decline and message (`catalogue` keys).
 */
import { FLEET } from "#app/content/fleet";
import { idField } from "#app/utils/forms/fields";
import { isStateCode, MAX_AOC, MAX_OPERATOR_NAME } from "#app/utils/operating-carrier";
import { type Infer, z } from "#app/utils/zod";

import { checkoutSchema } from "./checkout-forms";

export const DEFAULT_OFFER_HOURS = 48;
export const MAX_OFFER_HOURS = 14 * 24;
export const MAX_WINDOW_HOURS = 72;
export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_INCLUDED_LENGTH = 500;

const AIRCRAFT_IDS = FLEET.map((aircraft) => aircraft.id) as [string, ...string[]];
const icao = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((code) => code.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{4}$/, message));
const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const messageBody = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(MAX_MESSAGE_LENGTH, tooLong);

export const staffOfferSchema = z
  .object({
    intent: z.literal("offer"),
    from: icao("errors.airport"),
    to: icao("errors.airport"),
    /** Zurich time, as `<input type="date">` and `<input type="time">` send it. */
    day: z.string({ error: "errors.departure" }).regex(/^\d{4}-\d{2}-\d{2}$/, "errors.departure"),
    time: z.string({ error: "errors.departure" }).regex(/^\d{2}:\d{2}$/, "errors.departure"),
    windowHours: whole("errors.window", 0, MAX_WINDOW_HOURS).default(0),
    flightMinutes: whole("errors.flightMinutes", 10, 900),
    aircraftId: z.enum(AIRCRAFT_IDS, { error: "errors.aircraft" }),
    seats: whole("errors.seats", 1, 8),
    priceEuros: whole("errors.price", 1, 1_000_000),
    included: z
      .string({ error: "errors.included" })
      .trim()
      .min(1, "errors.included")
      .max(MAX_INCLUDED_LENGTH, "errors.included"),
    expiryHours: whole("errors.expiry", 1, MAX_OFFER_HOURS).default(DEFAULT_OFFER_HOURS),
    // The operating carrier, named before the customer pays (docs/orders.md 'The operating carrier').
    operatorName: z
      .string({ error: "errors.operator" })
      .trim()
      .min(1, "errors.operator")
      .max(MAX_OPERATOR_NAME, "errors.operator"),
    operatorAoc: z
      .string({ error: "errors.operator" })
      .trim()
      .min(1, "errors.operator")
      .max(MAX_AOC, "errors.operator"),
    operatorState: z
      .string({ error: "errors.operatorState" })
      .trim()
      .refine(isStateCode, "errors.operatorState")
      .transform((code) => code.toUpperCase()),
  })
  .refine((value) => value.from !== value.to, { path: ["to"], message: "errors.sameAirport" });
export type StaffOfferInput = Infer<typeof staffOfferSchema>;

export const staffOfferActionSchema = z.discriminatedUnion("intent", [
  staffOfferSchema,
  z.object({ intent: z.literal("withdraw"), offerId: idField }),
  z.object({ intent: z.literal("message"), body: messageBody("errors.message", "errors.messageTooLong") }),
]);

/** The customer's page: the checkout's fields (the whole aircraft), or a decline, or a message. */
export const customerOfferActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("message"), body: messageBody("errors.message", "errors.messageTooLong") }),
]);

export const acceptOfferSchema = checkoutSchema;
export type AcceptOfferForm = Infer<typeof acceptOfferSchema>;
