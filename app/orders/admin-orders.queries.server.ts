// The 'Commandes' tab's queries; the export reads keyset pages, so 50,000 orders never sit in memory at once.
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { flights, orders } from "#app/db/schema";
import type { OrderStatus } from "#app/utils/constants";
import { containsPattern, LIST_PAGE_SIZE, pageOffset } from "#app/utils/list-params";

export const ORDERS_PAGE_SIZE = LIST_PAGE_SIZE;
export const EXPORT_PAGE_SIZE = 1_000;

export type OrderFilter = { status: OrderStatus | null; search: string; refundToHandle?: boolean };

function filterWhere({ status, search, refundToHandle = false }: OrderFilter): SQL | undefined {
  const pattern = containsPattern(search);
  const text = search
    ? sql`(json_extract(${orders.customerInfo}, '$.firstName') like ${pattern} escape '\\'
        or json_extract(${orders.customerInfo}, '$.lastName') like ${pattern} escape '\\'
        or (json_extract(${orders.customerInfo}, '$.firstName') || ' ' || json_extract(${orders.customerInfo}, '$.lastName')) like ${pattern} escape '\\'
        or json_extract(${orders.customerInfo}, '$.email') like ${pattern} escape '\\'
        or ${orders.reference} like ${pattern} escape '\\'
        or substr(${orders.flightId}, 1, 8) like ${pattern} escape '\\'
        or ${departureAirport.servedCity} like ${pattern} escape '\\'
        or ${arrivalAirport.servedCity} like ${pattern} escape '\\')`
    : undefined;
  return and(
    status ? eq(orders.status, status) : undefined,
    refundToHandle ? eq(orders.paymentState, "refundFailed") : undefined,
    text,
  );
}

const orderColumns = {
  id: orders.id,
  reference: orders.reference,
  status: orders.status,
  paymentState: orders.paymentState,
  cancelReason: orders.cancelReason,
  cancellationFeeCents: orders.cancellationFeeCents,
  refundedCents: orders.refundedCents,
  holdExpiresAt: orders.holdExpiresAt,
  captureBefore: orders.captureBefore,
  passengers: orders.passengers,
  amountCents: orders.amountCents,
  seats: orders.seats,
  wholeAircraft: orders.wholeAircraft,
  customerInfo: orders.customerInfo,
  createdAt: orders.createdAt,
  userId: orders.userId,
  luggagePieces: orders.luggagePieces,
  luggageKg: orders.luggageKg,
  flightId: flights.id,
  departureDate: flights.departureDate,
  aircraftType: flights.aircraftType,
  manifestDeadlineHours: flights.manifestDeadlineHours,
  from: departureAirport.servedCity,
  fromIcao: departureAirport.icaoCode,
  to: arrivalAirport.servedCity,
  toIcao: arrivalAirport.icaoCode,
};

const SORTS = {
  createdAt: [desc(orders.createdAt), desc(orders.id)],
  captureBefore: [
    sql`${orders.captureBefore} is null`,
    asc(orders.captureBefore),
    desc(orders.createdAt),
    desc(orders.id),
  ],
} as const;

function ordersQuery(db: Db, where: SQL | undefined, sort: keyof typeof SORTS = "createdAt") {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(flights, eq(orders.flightId, flights.id))
    .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
    .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
    .where(where)
    .orderBy(...SORTS[sort]);
}

export type AdminOrder = Awaited<ReturnType<typeof ordersQuery>>[number];

export async function listOrders(db: Db, filter: OrderFilter, page: number, sort: keyof typeof SORTS = "createdAt") {
  const where = filterWhere(filter);
  const [rows, [total]] = await Promise.all([
    ordersQuery(db, where, sort).limit(ORDERS_PAGE_SIZE).offset(pageOffset(page)),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(flights, eq(orders.flightId, flights.id))
      .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
      .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
      .where(where),
  ]);
  return { orders: rows, total: total?.n ?? 0 };
}

/** Keyset pagination on (created_at, id), which the created_at index serves at any depth. */
export function listOrdersAfter(
  db: Db,
  filter: OrderFilter,
  after: { createdAt: Date; id: string } | null,
  limit = EXPORT_PAGE_SIZE,
) {
  const keyset = after
    ? sql`(${orders.createdAt} < ${after.createdAt.getTime()} or (${orders.createdAt} = ${after.createdAt.getTime()} and ${orders.id} < ${after.id}))`
    : undefined;
  return ordersQuery(db, and(filterWhere(filter), keyset)).limit(limit);
}
