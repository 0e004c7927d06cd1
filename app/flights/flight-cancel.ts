/**
 * The staff form of 'Annuler ce vol' and the pure pieces a cancelled flight's pages and
 * messages share (decision 032). Usable in the browser.
 */
import { z } from "#app/utils/zod";
import { zurichDay } from "#app/utils/format";

/** The reasons staff choose from; the sync's own (feedCancelled, feedMissing) are not offered. */
export const STAFF_CANCEL_REASONS = ["operator", "weather", "technical", "other"] as const;
export const CANCEL_NOTE_MAX = 500;

/**
 * Two steps, one schema: `preview` shows what the cancellation will move (computed on the
 * server), `confirm` makes the move. 'Autre' needs the staff member's words.
 */
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

/** What a cancellation will move, as the confirmation step says it. */
export type FlightCancelPreview = {
  /** Live orders: pending, processing and completed. */
  orders: number;
  /** Pending and processing orders: nothing was taken, any authorisation is released. */
  released: number;
  releasedCents: number;
  /** Completed orders paid by card: refunded in full. */
  refunded: number;
  refundedCents: number;
  /** Completed orders paid outside the site (bank transfer): staff refund them by hand. */
  manual: number;
  manualCents: number;
};

/**
 * The custom-flight request form, prefilled with the cancelled flight's route and day
 * (custom-flight.tsx reads these parameters).
 */
export function customFlightRequestPath({ from, to, departure }: { from: string; to: string; departure: Date }) {
  return `/custom-flight?${new URLSearchParams({ departure: from, arrival: to, date: zurichDay(departure) })}`;
}
