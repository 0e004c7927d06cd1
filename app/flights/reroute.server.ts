// A leg flown from or to another airport: docs/decisions/059-rerouted-legs.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addDays } from "date-fns";

import { sendMail } from "#app/mail/mail.server";
import { type RequestOutcome, submitRequest } from "#app/requests/submit-request.server";
import type { ProfileLanguage } from "#app/utils/constants";
import { zurichDay } from "#app/utils/format";
import { zurichDateTime, zurichDayRange } from "#app/utils/zurich-dates";

import { greatCircleKm } from "./nearby";
import { listAirportsForMatching } from "./new-flight.queries.server";
import { positioningEstimate, REROUTE_RADIUS_KM } from "./positioning";
import { findRerouteLeg, insertRerouteRequest, type RerouteLeg } from "./reroute.queries.server";
import type { RerouteChoice, RerouteEnd, RerouteRequestInput } from "./reroute-forms";

export type RerouteAirport = { code: string; city: string; km: number };

/** A leg that can still be asked for: scheduled, listed, not departed. */
export async function findReroutableLeg(context: AppLoadContext, flightId: string) {
  const leg = await findRerouteLeg(context.db, flightId);
  if (!leg || leg.offerOnly || leg.status !== "scheduled") return null;
  return leg.departureDate.getTime() > context.now().getTime() ? leg : null;
}

const isPlaced = (airport: { latitude: number; longitude: number }) =>
  airport.latitude !== 0 || airport.longitude !== 0;

/** The airports within the radius of each end of the leg, nearest first, and the days of the leg's window. */
export async function rerouteOptions(context: AppLoadContext, leg: RerouteLeg) {
  const all = (await listAirportsForMatching(context.db)).filter(isPlaced);
  const near = (end: RerouteLeg["from"]): RerouteAirport[] =>
    isPlaced(end)
      ? all
          .filter((airport) => airport.id !== end.id)
          .map((airport) => ({ code: airport.icaoCode, city: airport.servedCity, km: greatCircleKm(end, airport) }))
          .filter((airport) => airport.km <= REROUTE_RADIUS_KM)
          .sort((a, b) => a.km - b.km)
          .map((airport) => ({ ...airport, km: Math.round(airport.km) }))
      : [];
  return { departure: near(leg.from), arrival: near(leg.to), days: windowDays(leg, context.now()) };
}

/** The leg's day, and its flexibility's days either side, from today on (Zurich days). */
export function windowDays(leg: Pick<RerouteLeg, "departureDate" | "flexibilityDays">, now: Date): string[] {
  const today = zurichDay(now);
  const { start } = zurichDayRange(zurichDay(leg.departureDate));
  return Array.from({ length: 2 * leg.flexibilityDays + 1 }, (_, index) =>
    zurichDay(addDays(start, index - leg.flexibilityDays)),
  ).filter((day) => day >= today);
}

export type RerouteEstimate = {
  end: RerouteEnd;
  airport: RerouteAirport;
  departureAt: Date;
  km: number;
  minutes: number;
  priceEuros: number;
};

/** The estimate of a choice, or why the choice is refused (a key of the `offers` namespace). */
export function estimateReroute(
  context: AppLoadContext,
  leg: RerouteLeg,
  options: Awaited<ReturnType<typeof rerouteOptions>>,
  choice: RerouteChoice,
  airports: Array<{ icaoCode: string; latitude: number; longitude: number }>,
): { ok: true; estimate: RerouteEstimate } | { ok: false; error: string } {
  const airport = options[choice.end].find((candidate) => candidate.code === choice.airport);
  if (!airport) return { ok: false, error: "reroute.errors.airport" };
  if (!options.days.includes(choice.day)) return { ok: false, error: "reroute.errors.day" };
  const departureAt = zurichDateTime(choice.day, choice.time);
  if (departureAt.getTime() <= context.now().getTime()) return { ok: false, error: "reroute.errors.time" };
  const placed = airports.find((candidate) => candidate.icaoCode === airport.code)!;
  const legEnd = choice.end === "departure" ? leg.from : leg.to;
  return {
    ok: true,
    estimate: { end: choice.end, airport, departureAt, ...positioningEstimate(legEnd, placed, leg) },
  };
}

export type RerouteOutcome = RequestOutcome | { ok: false; reason: "invalid"; error: string };

/** Stored as a custom request with its leg's details, then the same mails as a custom request (submitRequest). */
export async function submitReroute(
  context: AppLoadContext,
  {
    leg,
    input,
    language,
    userId,
    ip,
  }: { leg: RerouteLeg; input: RerouteRequestInput; language: ProfileLanguage; userId: string | null; ip: string },
): Promise<RerouteOutcome> {
  const options = await rerouteOptions(context, leg);
  const airports = await listAirportsForMatching(context.db);
  const checked = estimateReroute(context, leg, options, input, airports);
  if (!checked.ok) return { ok: false, reason: "invalid", error: checked.error };
  const { estimate } = checked;
  const route = {
    departure: input.end === "departure" ? estimate.airport.city : leg.from.servedCity,
    arrival: input.end === "arrival" ? estimate.airport.city : leg.to.servedCity,
  };
  const contact = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    passengers: input.passengers,
  };
  const request = { ...route, date: input.day, ...contact };
  const data = (requestId: string) => ({ requestId, request, language });
  return submitRequest(context, {
    form: "customRequest",
    ip,
    store: () =>
      insertRerouteRequest(context.db, {
        request: { ...request, userId, language, idempotencyKey: input.idempotencyKey },
        details: {
          flightId: leg.id,
          end: input.end,
          airportId: airports.find((airport) => airport.icaoCode === estimate.airport.code)!.id,
          departureAt: estimate.departureAt,
          km: estimate.km,
          minutes: estimate.minutes,
          estimateCents: estimate.priceEuros * 100,
        },
      }),
    mailStaff: (requestId) =>
      sendMail(context, {
        to: context.env.STAFF_EMAIL,
        locale: "fr",
        template: "catalogue/custom-request-staff",
        data: data(requestId),
      }),
    mailCustomer: (requestId) =>
      sendMail(context, {
        to: input.email,
        locale: language,
        template: "catalogue/custom-request-customer",
        data: data(requestId),
      }),
  });
}
