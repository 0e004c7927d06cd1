/**
 * What the two customers of the privacy tests sent and were sent: their newsletter
 * subscriptions, sign-in counters, requests and mails, and a flight log naming one of
 * them. Seeded after the accounts and orders (privacy-seed.fixtures.ts).
 */
import type { Db } from "#app/db/client.server";
import {
  customRequests,
  exclusiveRequests,
  flightLogs,
  mailOutbox,
  newsletterSubscribers,
  rateLimits,
} from "#app/db/schema";

import { BARNABE, placed, tomorrow, ZEPHYRINE } from "./privacy.fixtures";

export async function seedRequestsAndMails(db: Db) {
  await db.insert(newsletterSubscribers).values([
    {
      email: ZEPHYRINE.email,
      unsubscribeTokenHash: "unsub-z",
      confirmedAt: placed(400),
      requestedFromIp: ZEPHYRINE.newsletterIp,
      confirmedFromIp: ZEPHYRINE.newsletterIp,
    },
    {
      email: BARNABE.email,
      unsubscribeTokenHash: "unsub-b",
      confirmedAt: placed(400),
      requestedFromIp: BARNABE.newsletterIp,
    },
  ]);
  await db.insert(rateLimits).values([
    { key: `login:email:${ZEPHYRINE.email}`, count: 2, windowEndsAt: tomorrow },
    { key: `reset:hour:email:${ZEPHYRINE.email}`, count: 1, windowEndsAt: tomorrow },
    { key: `login:email:${BARNABE.email}`, count: 1, windowEndsAt: tomorrow },
  ]);
  await db.insert(exclusiveRequests).values([
    {
      id: "x-z",
      exclusiveFlightId: "gva-stt-1",
      userId: ZEPHYRINE.id,
      firstName: ZEPHYRINE.firstName,
      lastName: ZEPHYRINE.lastName,
      email: ZEPHYRINE.email,
      phone: ZEPHYRINE.phone,
      address: ZEPHYRINE.address,
      zipCode: ZEPHYRINE.zipCode,
      city: ZEPHYRINE.city,
      country: "Suisse",
      message: `Pour ${ZEPHYRINE.passengers[0]}`,
      idempotencyKey: "idem-x-z",
    },
    {
      id: "x-b",
      exclusiveFlightId: "gva-stt-1",
      firstName: BARNABE.firstName,
      lastName: BARNABE.lastName,
      email: BARNABE.email,
      phone: BARNABE.phone,
      address: BARNABE.address,
      zipCode: BARNABE.zipCode,
      city: BARNABE.city,
      country: "Suisse",
      idempotencyKey: "idem-x-b",
    },
  ]);
  // A made-to-measure request sent signed out, the address typed in capitals.
  await db.insert(customRequests).values({
    id: "c-z",
    departure: "Genève",
    arrival: "Nice",
    date: "2027-01-10",
    passengers: 2,
    firstName: ZEPHYRINE.firstName,
    lastName: ZEPHYRINE.lastName,
    email: ZEPHYRINE.email.toUpperCase(),
    phone: ZEPHYRINE.phone,
    idempotencyKey: "idem-c-z",
  });
  const mail = (toAddress: string, template: string, data: Record<string, unknown>, status: "sent" | "pending") => ({
    toAddress,
    template,
    locale: "fr",
    data,
    subject: `${template} ${JSON.stringify(data)}`,
    html: `<p>${JSON.stringify(data)}</p>`,
    text: JSON.stringify(data),
    status,
    sentAt: status === "sent" ? placed(250) : null,
  });
  await db.insert(mailOutbox).values([
    mail(
      ZEPHYRINE.email,
      "orders/placed",
      { firstName: ZEPHYRINE.firstName, reference: "JM-ZZZ111", passengers: ZEPHYRINE.passengers },
      "sent",
    ),
    mail(ZEPHYRINE.email, "orders/cancelled", { firstName: ZEPHYRINE.firstName, reference: "JM-ZZZ222" }, "pending"),
    // Staff mails: about her order (found by its reference), and about her request (found by her address).
    mail(
      "reservations@jetmalin.test",
      "orders/staff-placed",
      {
        reference: "JM-ZZZ111",
        customer: { firstName: ZEPHYRINE.firstName, lastName: ZEPHYRINE.lastName, phone: ZEPHYRINE.phone },
      },
      "sent",
    ),
    mail(
      "reservations@jetmalin.test",
      "catalogue/custom-request-staff",
      { firstName: ZEPHYRINE.firstName, email: ZEPHYRINE.email.toUpperCase() },
      "sent",
    ),
    mail(
      BARNABE.email,
      "orders/placed",
      { firstName: BARNABE.firstName, reference: "JM-BBB111", passengers: BARNABE.passengers },
      "sent",
    ),
  ]);
  await db.insert(flightLogs).values({
    flightId: "f-past",
    flightLabel: "Genève → Nice",
    action: "UPDATE",
    changedFields: ["seats_held"],
    actor: "customer",
    changedBy: ZEPHYRINE.id,
    changedAt: placed(300),
  });
}
