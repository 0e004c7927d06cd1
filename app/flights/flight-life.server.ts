// A flight's cancellation, its own side: docs/decisions/032-flight-cancellation.md; its orders' side is in orders/.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { FALLBACK_LANGUAGE, uiLanguageFor } from "#app/i18n";
import { sendMail } from "#app/mail/mail.server";
import type { FlightCancelReason } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { customFlightRequestPath } from "./flight-cancel";
import {
  cancelFlightMove,
  findFlightToCancel,
  listSimilarFlights,
  listWaitingUsers,
  type WaitingUser,
} from "./flight-life.queries.server";
import { SIMILAR_FLIGHTS } from "./flight-ways.server";
import { flightNotificationParams } from "./notification-params";
import type { FlightToCancel } from "./types";

export type FlightCanceller = { kind: "staff"; userId: string } | { kind: "sync" };

export type FlightMoveOutcome = { flight: FlightToCancel; moved: boolean } | null;

export async function moveFlightToCancelled(
  context: AppLoadContext,
  input: { flightId: string; by: FlightCanceller; reason: FlightCancelReason; note?: string },
): Promise<FlightMoveOutcome> {
  const flight = await findFlightToCancel(context.db, input.flightId);
  if (!flight) return null;
  if (flight.status !== "scheduled") return { flight, moved: false };
  // Read before the move empties the waitlist: they are mailed once the move is made.
  const waiting = await listWaitingUsers(context.db, flight.id);
  const moved = await cancelFlightMove(context.db, {
    flightId: flight.id,
    label: `${flight.fromCity} → ${flight.toCity}`,
    reason: input.reason,
    note: input.note ?? null,
    actor: input.by.kind,
    changedBy: input.by.kind === "staff" ? input.by.userId : null,
    notification: JSON.stringify(flightNotificationParams(flight)),
    now: context.now(),
  });
  if (moved) await mailWaitingUsers(context, flight, waiting);
  return { flight: { ...flight, status: moved ? "cancelled" : flight.status }, moved };
}

export async function findCancelledFlight(context: AppLoadContext, flightId: string) {
  const flight = await findFlightToCancel(context.db, flightId);
  return flight?.status === "cancelled" ? flight : null;
}

export async function mailWaysForward(context: AppLoadContext, flight: FlightToCancel) {
  const similar = await listSimilarFlights(context.db, {
    flightId: flight.id,
    departureAirportId: flight.departureAirportId,
    now: context.now(),
    limit: SIMILAR_FLIGHTS,
  });
  return {
    similar: similar.map((candidate) => ({
      from: candidate.departureAirport.servedCity,
      to: candidate.arrivalAirport.servedCity,
      departure: candidate.departureDate.toISOString(),
      url: absoluteUrl(context.env.APP_URL, `/checkout/${candidate.id}`),
    })),
    customFlightUrl: absoluteUrl(
      context.env.APP_URL,
      customFlightRequestPath({ from: flight.fromCity, to: flight.toCity, departure: new Date(flight.departureMs) }),
    ),
  };
}

/** The waitlist hears of it by mail too; the notification is in the move's batch. */
async function mailWaitingUsers(context: AppLoadContext, flight: FlightToCancel, waiting: WaitingUser[]) {
  for (const user of waiting) {
    await sendMail(context, {
      to: user.email,
      locale: uiLanguageFor(user.language) ?? FALLBACK_LANGUAGE,
      template: "waitlist/flight-cancelled",
      data: {
        firstName: user.firstName,
        from: flight.fromCity,
        to: flight.toCity,
        departure: new Date(flight.departureMs).toISOString(),
        flightsUrl: absoluteUrl(context.env.APP_URL, "/empty-legs", { from: flight.fromCity }),
      },
    }).catch((error: unknown) =>
      logError("flights.cancel-waitlist-mail-failed", error, { requestId: context.requestId, userId: user.userId }),
    );
  }
}
