// The export's read (docs/privacy.md 'Droits des personnes'): the erasure's conditions, so the two cannot drift.
import { asc, desc, eq, sql } from "drizzle-orm";

import { arrivalAirport, departureAirport } from "#app/db/airport-aliases.server";
import type { Db } from "#app/db/client.server";
import { NOTIFICATION_FIELDS } from "#app/db/notification-fields.server";
import {
  alertDeliveries,
  alertWatches,
  customRequests,
  exclusiveRequests,
  favorites,
  flights,
  mailOutbox,
  newsletterSubscribers,
  notifications,
  orders,
  passkeys,
  sessions,
  waitlist,
} from "#app/db/schema";

import { ordersOf, requestsOf } from "./privacy.queries.server";

/** Not one `db.batch`: drizzle reads a D1 batch's rows by column name, and these joins repeat names (id, served_city). */
export async function readPersonData(db: Db, { userId, email }: { userId: string; email: string }) {
  const [
    orderRows,
    favoriteRows,
    notificationRows,
    alertWatchRows,
    alertDeliveryRows,
    sessionRows,
    passkeyRows,
    exclusiveRows,
    customRows,
    newsletterRows,
    mailRows,
    waitlistRows,
  ] = await Promise.all([
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        paymentState: orders.paymentState,
        cancelReason: orders.cancelReason,
        amountCents: orders.amountCents,
        seats: orders.seats,
        wholeAircraft: orders.wholeAircraft,
        language: orders.language,
        customerInfo: orders.customerInfo,
        passengers: orders.passengers,
        placedWithAccount: sql<number>`${orders.userId} is not null`,
        createdAt: orders.createdAt,
        updatedAt: orders.updatedAt,
        flight: {
          id: flights.id,
          from: departureAirport.servedCity,
          to: arrivalAirport.servedCity,
          departureDate: flights.departureDate,
          arrivalDate: flights.arrivalDate,
          aircraftType: flights.aircraftType,
        },
      })
      .from(orders)
      .innerJoin(flights, eq(orders.flightId, flights.id))
      .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
      .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
      .where(ordersOf(userId, email))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db
      .select({
        flightId: favorites.flightId,
        from: departureAirport.servedCity,
        to: arrivalAirport.servedCity,
        departureDate: flights.departureDate,
        createdAt: favorites.createdAt,
      })
      .from(favorites)
      .innerJoin(flights, eq(favorites.flightId, flights.id))
      .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
      .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt), desc(favorites.id)),
    db
      .select(NOTIFICATION_FIELDS)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id)),
    db
      .select({
        fromKind: alertWatches.fromKind,
        fromValue: alertWatches.fromValue,
        toKind: alertWatches.toKind,
        toValue: alertWatches.toValue,
        windowDays: alertWatches.windowDays,
        fromRadiusKm: alertWatches.fromRadiusKm,
        createdAt: alertWatches.createdAt,
      })
      .from(alertWatches)
      .where(eq(alertWatches.userId, userId))
      .orderBy(asc(alertWatches.id)),
    db
      .select({ flightId: alertDeliveries.flightId, alertedAt: alertDeliveries.alertedAt })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, userId))
      .orderBy(desc(alertDeliveries.alertedAt)),
    db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt), asc(passkeys.id)),
    db
      .select({
        id: exclusiveRequests.id,
        exclusiveFlightId: exclusiveRequests.exclusiveFlightId,
        departureDate: exclusiveRequests.departureDate,
        firstName: exclusiveRequests.firstName,
        lastName: exclusiveRequests.lastName,
        email: exclusiveRequests.email,
        phone: exclusiveRequests.phone,
        address: exclusiveRequests.address,
        zipCode: exclusiveRequests.zipCode,
        city: exclusiveRequests.city,
        country: exclusiveRequests.country,
        message: exclusiveRequests.message,
        language: exclusiveRequests.language,
        status: exclusiveRequests.status,
        handledAt: exclusiveRequests.handledAt,
        createdAt: exclusiveRequests.createdAt,
      })
      .from(exclusiveRequests)
      .where(requestsOf(exclusiveRequests, userId, email))
      .orderBy(desc(exclusiveRequests.createdAt)),
    db
      .select({
        id: customRequests.id,
        departure: customRequests.departure,
        arrival: customRequests.arrival,
        date: customRequests.date,
        passengers: customRequests.passengers,
        firstName: customRequests.firstName,
        lastName: customRequests.lastName,
        email: customRequests.email,
        phone: customRequests.phone,
        language: customRequests.language,
        status: customRequests.status,
        handledAt: customRequests.handledAt,
        createdAt: customRequests.createdAt,
      })
      .from(customRequests)
      .where(requestsOf(customRequests, userId, email))
      .orderBy(desc(customRequests.createdAt)),
    db
      .select({
        email: newsletterSubscribers.email,
        language: newsletterSubscribers.language,
        confirmRequestedAt: newsletterSubscribers.confirmRequestedAt,
        requestedFromIp: newsletterSubscribers.requestedFromIp,
        confirmedAt: newsletterSubscribers.confirmedAt,
        confirmedFromIp: newsletterSubscribers.confirmedFromIp,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        createdAt: newsletterSubscribers.createdAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email)),
    db
      .select({
        template: mailOutbox.template,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)),
    db
      .select({
        flightId: waitlist.flightId,
        from: departureAirport.servedCity,
        to: arrivalAirport.servedCity,
        departureDate: flights.departureDate,
        createdAt: waitlist.createdAt,
        notifiedAt: waitlist.notifiedAt,
      })
      .from(waitlist)
      .innerJoin(flights, eq(waitlist.flightId, flights.id))
      .innerJoin(departureAirport, eq(flights.departureAirportId, departureAirport.id))
      .innerJoin(arrivalAirport, eq(flights.arrivalAirportId, arrivalAirport.id))
      .where(eq(waitlist.userId, userId))
      .orderBy(desc(waitlist.createdAt), desc(waitlist.id)),
  ]);
  return {
    orders: orderRows.map(({ placedWithAccount, ...order }) => ({
      ...order,
      placedWithAccount: Boolean(placedWithAccount),
    })),
    favorites: favoriteRows,
    waitlist: waitlistRows,
    notifications: notificationRows,
    alertWatches: alertWatchRows,
    alertDeliveries: alertDeliveryRows,
    sessions: sessionRows,
    passkeys: passkeyRows,
    exclusiveRequests: exclusiveRows,
    customRequests: customRows,
    newsletter: newsletterRows[0] ?? null,
    mails: mailRows,
  };
}
