/**
 * A flight row's form of the back-office's flights tab, and what it sets off: the flight's
 * change is flights/admin-flights.server.ts; then the waitlist hears of released seats and
 * each live order's customer of new times.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  saveEditPanel,
  toggleSoldOut,
  type EditPanelOutcome,
  type SoldOutOutcome,
} from "#app/flights/admin-flights.server";
import type { FlightRowInput } from "#app/flights/admin-flight-forms";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { tellRescheduledOrders } from "./order-notices.server";

export type FlightRowOutcome = EditPanelOutcome | SoldOutOutcome;

/**
 * A flight row's form (the flights tab's action): the edit panel or the sold-out toggle.
 * The outcome names its message under `flights.{intent}.`: `result` when it worked,
 * `reason` when not. A change of the seats may release some (the waitlist is told) or
 * sell the flight out (the waitlist waits for the next release): `notifyWaitlist` does
 * both and never throws.
 */
export async function saveFlightRow(
  context: AppLoadContext,
  { input, staffId }: { input: FlightRowInput; staffId: string },
): Promise<FlightRowOutcome> {
  const { db } = context;
  const now = context.now();
  const outcome =
    input.intent === "edit"
      ? await saveEditPanel(db, { input, staffId, now })
      : await toggleSoldOut(db, { flightId: input.flightId, soldOut: input.soldout, staffId, now });
  const changed = outcome.ok && (outcome.intent === "edit" ? outcome.changed : outcome.result !== "unchanged");
  if (changed) await notifyWaitlist(context, { flightIds: [input.flightId] });
  // New times moved by 15 minutes or more: each live order's customer hears of them.
  if (outcome.ok && outcome.intent === "edit" && outcome.reschedule)
    await tellRescheduledOrders(context, outcome.reschedule);
  return outcome;
}
