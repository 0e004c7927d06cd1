// Offers and their thread: docs/decisions/058-offers.md. Only this file writes `offers` and `offer_messages`
// (and placeOrder, which moves an offer to accepted in the order's batch).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import {
  airports,
  customRequests,
  exclusiveRequests,
  flights,
  type NotificationParams,
  notifications,
  offerMessages,
  offers,
  orders,
} from "#app/db/schema";
import type { OfferRequestKind, ProfileLanguage } from "#app/utils/constants";
import { sha256Hex } from "#app/utils/crypto.server";

import { holdLegStatements, releaseHolds } from "./offer-holds.queries.server";

export type OfferRequestRef = { kind: OfferRequestKind; id: string };

/** The contact and language of the request an offer answers. */
export async function findOfferRequest(db: Db, { kind, id }: OfferRequestRef) {
  const table = kind === "custom" ? customRequests : exclusiveRequests;
  const row = await db
    .select({
      id: table.id,
      userId: table.userId,
      firstName: table.firstName,
      lastName: table.lastName,
      email: table.email,
      phone: table.phone,
      language: table.language,
    })
    .from(table)
    .where(eq(table.id, id))
    .get();
  return row ?? null;
}

export type NewOfferVersion = {
  offerId: string;
  request: OfferRequestRef;
  flightId: string;
  /** The flight row of the request's last version, reused while no order stands on it; null makes a new one. */
  reuseFlight: boolean;
  departureAirportId: number;
  arrivalAirportId: number;
  departureAt: Date;
  departureUntil: Date;
  flightMinutes: number;
  aircraftId: string;
  aircraftModel: string;
  seats: number;
  priceCents: number;
  included: string;
  expiresAt: Date;
  language: ProfileLanguage;
  linkKeyHash: string;
  operator: { name: string; aoc: string; state: string };
  /** A rerouted leg to hold whole while the offer is open (decision 059), when no seat of it is sold or held. */
  holdLegId: string | null;
  /** The request's account, told in its notifications (read in its language), with the route as it names it. */
  notify: { userId: string; params: NotificationParams } | null;
  staffId: string;
  now: Date;
};

const liveAcceptedOffer = ({ kind, id }: OfferRequestRef) =>
  sql`exists (select 1 from ${offers} o join ${orders} on ${orders.id} = o.order_id
    where o.request_kind = ${kind} and o.request_id = ${id} and o.status = 'accepted' and ${orders.status} != 'cancelled')`;

/**
 * A new version in one batch: the open one (if any) superseded, the flight written, the version inserted. Refused
 * (`created: false`) when an accepted offer of the request has a live order: that order is the answer now.
 */
export async function insertOfferVersion(db: Db, input: NewOfferVersion): Promise<{ created: boolean; held: boolean }> {
  const { request, now } = input;
  const nowMs = now.getTime();
  const flightValues = {
    departureAirportId: input.departureAirportId,
    arrivalAirportId: input.arrivalAirportId,
    departureDate: input.departureAt,
    arrivalDate: new Date(input.departureAt.getTime() + input.flightMinutes * 60_000),
    flightTime: input.flightMinutes,
    aircraftType: input.aircraftModel,
    // Informative only: an offer's order takes the offer's price (placeOrder).
    pricePerMinute: Math.max(1, Math.round(input.priceCents / 100 / input.flightMinutes)),
    feedSeats: input.seats,
    operatorName: input.operator.name,
    operatorAoc: input.operator.aoc,
    operatorState: input.operator.state,
    updatedAt: now,
  };
  const flight = input.reuseFlight
    ? db
        .update(flights)
        .set(flightValues)
        .where(
          sql`${flights.id} = ${input.flightId} and ${flights.offerOnly} = 1 and ${flights.seatsHeld} = 0
            and not exists (select 1 from ${orders} where ${orders.flightId} = ${input.flightId} and ${orders.status} != 'cancelled')`,
        )
    : db.insert(flights).values({
        id: input.flightId,
        ...flightValues,
        feedProbability: 100,
        source: "staff",
        offerOnly: true,
        refreshedAt: now,
        createdAt: now,
      });
  const supersede = db
    .update(offers)
    .set({ status: "superseded", decidedAt: now })
    .where(and(eq(offers.requestKind, request.kind), eq(offers.requestId, request.id), eq(offers.status, "open")));
  // Every column in the table's order.
  const insert = db
    .insert(offers)
    .select(
      sql`select ${input.offerId}, ${request.kind}, ${request.id},
        (select coalesce(max(version), 0) + 1 from offers where request_kind = ${request.kind} and request_id = ${request.id}),
        'open', ${input.flightId}, ${input.aircraftId}, ${input.seats}, ${input.departureUntil.getTime()},
        ${input.priceCents}, ${input.included}, ${input.expiresAt.getTime()}, ${input.language}, ${input.linkKeyHash},
        null, ${input.staffId}, null, ${nowMs}, null, 0
      where not ${liveAcceptedOffer(request)}`,
    )
    .returning({ id: offers.id });
  const open = sql`request_kind = ${request.kind} and request_id = ${request.id} and status = 'open'`;
  const holds = input.holdLegId ? holdLegStatements(db, { offerId: input.offerId, legId: input.holdLegId, nowMs }) : [];
  // Only when the version was written (the insert above may be refused). Every column in the table's order.
  const notify = input.notify
    ? [
        db.insert(notifications).select(
          sql`select null, ${input.notify.userId}, 'offer_received', ${JSON.stringify(input.notify.params)}, null, null,
            null, 0, ${nowMs}
          where exists (select 1 from offers where id = ${input.offerId})`,
        ),
      ]
    : [];
  const [, , , , inserted, ...held] = await db.batch([
    ...releaseHolds(db, open),
    supersede,
    flight,
    insert,
    ...holds,
    ...notify,
  ]);
  // The second hold statement records the hold only when the first took the seats.
  const recorded = held[1] as Array<{ id: string }> | undefined;
  return { created: inserted.length === 1, held: recorded?.length === 1 };
}

/** The request's last version, whatever its state. */
export async function findLatestOffer(db: Db, { kind, id }: OfferRequestRef) {
  const row = await db
    .select({ id: offers.id, status: offers.status, flightId: offers.flightId, orderId: offers.orderId })
    .from(offers)
    .where(and(eq(offers.requestKind, kind), eq(offers.requestId, id)))
    .orderBy(desc(offers.version))
    .limit(1)
    .get();
  return row ?? null;
}

/** Staff take an open offer back, expired or not. */
export async function withdrawOpenOffer(db: Db, { offerId, now }: { offerId: string; now: Date }) {
  const open = sql`id = ${offerId} and status = 'open'`;
  const [, , rows] = await db.batch([
    ...releaseHolds(db, open),
    db
      .update(offers)
      .set({ status: "withdrawn", decidedAt: now })
      .where(and(eq(offers.id, offerId), eq(offers.status, "open")))
      .returning({ id: offers.id }),
  ]);
  return rows.length === 1;
}

/** The customer declines an offer still open and not expired. */
export async function declineOpenOffer(db: Db, { offerId, now }: { offerId: string; now: Date }) {
  const open = sql`id = ${offerId} and status = 'open' and expires_at > ${now.getTime()}`;
  const [, , rows] = await db.batch([
    ...releaseHolds(db, open),
    db
      .update(offers)
      .set({ status: "declined", decidedAt: now })
      .where(sql`${offers.id} = ${offerId} and ${offers.status} = 'open' and ${offers.expiresAt} > ${now.getTime()}`)
      .returning({ id: offers.id }),
  ]);
  return rows.length === 1;
}

/** An offer with its flight, as its page and its acceptance read it. */
export async function findOffer(db: Db, offerId: string) {
  const row = await db
    .select({
      id: offers.id,
      requestKind: offers.requestKind,
      requestId: offers.requestId,
      version: offers.version,
      status: offers.status,
      flightId: offers.flightId,
      aircraftId: offers.aircraftId,
      seats: offers.seats,
      departureUntil: offers.departureUntil,
      priceCents: offers.priceCents,
      included: offers.included,
      expiresAt: offers.expiresAt,
      language: offers.language,
      orderId: offers.orderId,
      createdAt: offers.createdAt,
      departureAt: flights.departureDate,
      flightMinutes: flights.flightTime,
      aircraftModel: flights.aircraftType,
      operatorName: flights.operatorName,
      operatorAoc: flights.operatorAoc,
      operatorState: flights.operatorState,
      aircraftRegistration: flights.aircraftRegistration,
      fromCity: departureAirport.servedCity,
      fromCode: departureAirport.icaoCode,
      toCity: arrivalAirport.servedCity,
      toCode: arrivalAirport.icaoCode,
    })
    .from(offers)
    .innerJoin(flights, eq(flights.id, offers.flightId))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(eq(offers.id, offerId))
    .get();
  return row ?? null;
}
export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

export async function listRequestOffers(db: Db, { kind, id }: OfferRequestRef) {
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.requestKind, kind), eq(offers.requestId, id)))
    .orderBy(desc(offers.version));
  const found = await Promise.all(rows.map((row) => findOffer(db, row.id)));
  return found.filter((offer): offer is OfferRow => offer !== null);
}

export async function isOfferLinkKey(db: Db, offerId: string, linkKey: string) {
  const row = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.linkKeyHash, await sha256Hex(linkKey))))
    .get();
  return row !== undefined;
}

export async function insertOfferMessage(
  db: Db,
  input: OfferRequestRef & { author: "customer" | "staff"; userId: string | null; body: string; now: Date },
) {
  await db.insert(offerMessages).values({
    requestKind: input.kind,
    requestId: input.id,
    author: input.author,
    userId: input.userId,
    body: input.body,
    createdAt: input.now,
  });
}

export function listOfferMessages(db: Db, { kind, id }: OfferRequestRef) {
  return db
    .select({
      id: offerMessages.id,
      author: offerMessages.author,
      body: offerMessages.body,
      createdAt: offerMessages.createdAt,
    })
    .from(offerMessages)
    .where(and(eq(offerMessages.requestKind, kind), eq(offerMessages.requestId, id)))
    .orderBy(asc(offerMessages.createdAt), asc(offerMessages.id));
}

/** Airport ids by ICAO code, for the codes the table knows. */
export async function findAirportIds(db: Db, codes: string[]) {
  const rows = await db
    .select({ id: airports.id, icaoCode: airports.icaoCode, servedCity: airports.servedCity })
    .from(airports)
    .where(inArray(airports.icaoCode, codes));
  return new Map(rows.map((row) => [row.icaoCode, row]));
}
