import type { AppLoadContext } from "@remix-run/cloudflare";

import { notifyWaitlist } from "#app/alerts/waitlist.server";
import type { FlightRowInput } from "#app/flights/admin-flight-forms";
import {
  type EditPanelOutcome,
  type OperatorPanelOutcome,
  saveEditPanel,
  saveOperatorPanel,
  type SoldOutOutcome,
  toggleSoldOut,
} from "#app/flights/admin-flights.server";

import { tellRescheduledOrders } from "./order-notices.server";

export type FlightRowOutcome = EditPanelOutcome | SoldOutOutcome | OperatorPanelOutcome;

/**
 * The outcome names its message under `flights.{intent}.` (`operator.` for the carrier): `result` when it worked,
 * `reason` when not.
 */
export async function saveFlightRow(
  context: AppLoadContext,
  { input, staffId }: { input: FlightRowInput; staffId: string },
): Promise<FlightRowOutcome> {
  const { db } = context;
  const now = context.now();
  // The carrier changes no seat and no time: nobody waiting or booked is told.
  if (input.intent === "operator") return saveOperatorPanel(db, { input, staffId, now });
  const outcome =
    input.intent === "edit"
      ? await saveEditPanel(db, { input, staffId, now })
      : await toggleSoldOut(db, { flightId: input.flightId, soldOut: input.soldout, staffId, now });
  const changed = outcome.ok && (outcome.intent === "edit" ? outcome.changed : outcome.result !== "unchanged");
  if (changed) await notifyWaitlist(context, { flightIds: [input.flightId] });
  if (outcome.ok && outcome.intent === "edit" && outcome.reschedule)
    await tellRescheduledOrders(context, outcome.reschedule);
  return outcome;
}
