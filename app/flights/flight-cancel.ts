// 'Annuler ce vol' and what a cancelled flight's pages share: docs/decisions/032-flight-cancellation.md.
import { zurichDay } from "#app/utils/format";
import { z } from "#app/utils/zod";

/** The sync's own reasons (feedCancelled, feedMissing) are not offered. */
export const STAFF_CANCEL_REASONS = ["operator", "weather", "technical", "other"] as const;
export const CANCEL_NOTE_MAX = 500;

export const FlightCancelSchema = z
  .object({
    intent: z.enum(["preview", "confirm"]),
    reason: z.enum(STAFF_CANCEL_REASONS, { error: "flightCancel.errors.reason" }),
    note: z
      .string()
      .trim()
      .max(CANCEL_NOTE_MAX, { error: "flightCancel.errors.noteTooLong" })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((value) => value.reason !== "other" || value.note !== undefined, {
    path: ["note"],
    error: "flightCancel.errors.noteRequired",
  });

/** What the cancellation does with an order's money: nothing was taken, the card is refunded, or staff refund it. */
export type CancelMoney = "released" | "refunded" | "manual";

/** One order the cancellation moves, as the confirmation step lists it (docs/permissions.md: what a gestionnaire reads). */
export type AffectedOrder = {
  reference: string;
  customer: string;
  seats: number;
  wholeAircraft: boolean;
  status: "pending" | "processing" | "completed";
  amountCents: number;
  money: CancelMoney;
};

export type FlightCancelPreview = {
  affected: AffectedOrder[];
  orders: number;
  released: number;
  releasedCents: number;
  refunded: number;
  refundedCents: number;
  manual: number;
  manualCents: number;
};

/** custom-flight.tsx reads these parameters. */
export function customFlightRequestPath({ from, to, departure }: { from: string; to: string; departure: Date }) {
  return `/custom-flight?${new URLSearchParams({ departure: from, arrival: to, date: zurichDay(departure) })}`;
}
