import { normaliseCity } from "#app/content/city-slug";
import { DEFAULT_PROBABILITY, DEPARTURE_TIME_TYPES, TIME_SLOTS } from "#app/utils/constants";
import { idField, isCalendarDay, redirectToField } from "#app/utils/forms/fields";
import {
  isStateCode,
  MAX_AOC,
  MAX_OPERATOR_NAME,
  MAX_REGISTRATION,
  MAX_TERMINAL,
  REGISTRATION_PATTERN,
} from "#app/utils/operating-carrier";
import { type Infer, z } from "#app/utils/zod";

export const PROBABILITY_MIN = 40;
export const PROBABILITY_MAX = 100;
export const SEATS_MIN = 2;
export const SEATS_MAX = 8;
export const FLEXIBILITY_DAYS = [0, 1, 2, 3] as const;
export const DEFAULT_FLEXIBILITY_DAYS = 1;
export const NEW_FLIGHT_AIRCRAFT = ["PC12", "PC24"] as const;
export const FLIGHT_TIME_MIN = 10;
export const FLIGHT_TIME_MAX = 900;
const MAX_CITY = 100;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const clampSeats = (seats: number) => Math.min(SEATS_MAX, Math.max(SEATS_MIN, seats));

const probability = (message: string) =>
  z.number({ error: message }).int(message).min(PROBABILITY_MIN, message).max(PROBABILITY_MAX, message);

const exactTime = z.string().regex(TIME_PATTERN, "flights.errors.timeInvalid").optional();

const requireExactTime = <T extends { departureTimeType: string; exactTime?: string | undefined }>(value: T) =>
  value.departureTimeType !== "exact" || value.exactTime !== undefined;

/** Checked even when other fields are wrong, so every missing field shows at once (zod skips refinements after one). */
const exactTimeRule = {
  path: ["exactTime"],
  message: "flights.errors.required",
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

export const flightEditSchema = z
  .object({
    intent: z.literal("edit"),
    flightId: idField,
    redirectTo: redirectToField,
    probability: probability("flights.errors.probability"),
    seats: z
      .number({ error: "flights.errors.seats" })
      .int("flights.errors.seats")
      .min(SEATS_MIN, "flights.errors.seats")
      .max(SEATS_MAX, "flights.errors.seats"),
    departureTimeType: z.enum(DEPARTURE_TIME_TYPES, { error: "flights.errors.required" }),
    exactTime,
    timeSlot: z.enum(TIME_SLOTS, { error: "flights.errors.required" }).optional(),
  })
  .refine(requireExactTime, exactTimeRule)
  .refine((value) => value.departureTimeType !== "slot" || value.timeSlot !== undefined, {
    path: ["timeSlot"],
    message: "flights.errors.required",
  });
export type FlightEditInput = Infer<typeof flightEditSchema>;

export const soldOutSchema = z.object({
  intent: z.literal("soldout"),
  flightId: idField,
  redirectTo: redirectToField,
  soldout: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const CHECK_IN_MINUTES = { min: 10, max: 180 } as const;
export const MANIFEST_DEADLINE_HOURS = { min: 1, max: 168 } as const;

const text = (max: number, message: string) => z.string().trim().max(max, message).optional();
const code = (valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine(valid, message)
    .transform((value) => value.toUpperCase())
    .optional();
const whole = ({ min, max }: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** An empty field clears its value; the carrier is named whole (name, AOC, state) or not at all. */
export const flightOperatorSchema = z
  .object({
    intent: z.literal("operator"),
    flightId: idField,
    redirectTo: redirectToField,
    operatorName: text(MAX_OPERATOR_NAME, "operator.errors.tooLong"),
    operatorAoc: text(MAX_AOC, "operator.errors.tooLong"),
    operatorState: code(isStateCode, "operator.errors.state"),
    aircraftRegistration: code(
      (value) => value.length <= MAX_REGISTRATION && REGISTRATION_PATTERN.test(value),
      "operator.errors.registration",
    ),
    terminal: text(MAX_TERMINAL, "operator.errors.tooLong"),
    checkInMinutes: whole(CHECK_IN_MINUTES, "operator.errors.checkIn"),
    manifestDeadlineHours: whole(MANIFEST_DEADLINE_HOURS, "operator.errors.manifestDeadline"),
  })
  .refine(
    (value) => new Set([value.operatorName, value.operatorAoc, value.operatorState].map((part) => !part)).size === 1,
    { path: ["operatorName"], message: "operator.errors.incomplete" },
  );
export type FlightOperatorInput = Infer<typeof flightOperatorSchema>;

export const FlightRowSchema = z.discriminatedUnion("intent", [flightEditSchema, soldOutSchema, flightOperatorSchema], {
  error: "flights.errors.required",
});
export type FlightRowInput = Infer<typeof FlightRowSchema>;

/** The toggle has nothing typed: its one message; else the first field's, or 'Ce champ est requis' for another's. */
export function flightRowErrorKey(submission: {
  payload: Record<string, unknown>;
  error?: Record<string, string[] | null> | null;
}): string {
  if (submission.payload.intent === "soldout") return "flights.soldout.failed";
  const first = Object.values(submission.error ?? {}).flat()[0];
  return first?.startsWith("flights.") || first?.startsWith("operator.") ? first : "flights.errors.required";
}

const city = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(MAX_CITY, "flights.errors.tooLong");

/** `today`: the Europe/Zurich day, "YYYY-MM-DD". */
export function newFlightSchema(today: string) {
  return z
    .object({
      departureCity: city("newFlight.errors.departureCity"),
      arrivalCity: city("newFlight.errors.arrivalCity"),
      date: z
        .string({ error: "newFlight.errors.date" })
        .refine(isCalendarDay, "newFlight.errors.date")
        .refine((day) => day >= today, "newFlight.errors.datePast"),
      departureTimeType: z.enum(DEPARTURE_TIME_TYPES).default("slot"),
      exactTime,
      timeSlot: z.enum(TIME_SLOTS).default("08-12"),
      aircraftType: z.enum(NEW_FLIGHT_AIRCRAFT).default("PC12"),
      probability: probability("flights.errors.probability").default(DEFAULT_PROBABILITY),
      flexibilityDays: z
        .number()
        .int()
        .min(0, "flights.errors.flexibility")
        .max(3, "flights.errors.flexibility")
        .default(DEFAULT_FLEXIBILITY_DAYS),
      flightTime: z
        .number({ error: "newFlight.errors.flightTime" })
        .int("newFlight.errors.flightTime")
        .min(FLIGHT_TIME_MIN, "newFlight.errors.flightTime")
        .max(FLIGHT_TIME_MAX, "newFlight.errors.flightTime")
        .optional(),
    })
    .refine(requireExactTime, exactTimeRule)
    .refine((value) => normaliseCity(value.departureCity) !== normaliseCity(value.arrivalCity), {
      path: ["arrivalCity"],
      message: "newFlight.errors.sameCity",
    });
}
export type NewFlightInput = Infer<ReturnType<typeof newFlightSchema>>;
