/**
 * The mails of reschedules and authorisation deadlines (docs/decisions/034-reschedules-and-deadlines.md),
 * rendered as they leave: old and new times in Zurich time and the reader's language, free
 * cancellation only when the move allows it, the updated calendar file only for a confirmed order.
 */
import { describe, expect, it } from "vitest";

import type { MailTemplateName } from "../registry";
import { renderMail } from "../render";
import type {
  CustomerOrderMailData,
  OrderRescheduledMailData,
  StaffCaptureDeadlinesMailData,
  StaffOrderMailData,
} from "./order-mail-data";

const flight = {
  reference: "JM-7K4Q2P",
  from: "Genève",
  to: "Nice",
  fromIcao: "LSGG",
  toIcao: "LFMN",
  // The new departure: 13:30 in Zurich (CET, UTC+1).
  departure: "2026-12-01T12:30:00.000Z",
  aircraftType: "PC12",
  seats: 2,
  wholeAircraft: false,
  passengers: ["Léa Muller"],
  amountCents: 123_456,
};
const customer: CustomerOrderMailData = {
  ...flight,
  firstName: "Léa",
  url: "http://localhost:8787/confirmation/o1?key=k",
};
const calendarUrl = "http://localhost:8787/confirmation/o1/calendar.ics?key=k";
const rescheduled: OrderRescheduledMailData = {
  ...customer,
  previousDeparture: "2026-12-01T09:00:00.000Z",
  arrival: "2026-12-01T13:35:00.000Z",
  previousArrival: "2026-12-01T10:05:00.000Z",
  freeCancellation: true,
  calendarUrl,
};
const render = (template: MailTemplateName, locale: string, data: unknown) =>
  renderMail(template, locale, data as never);

describe("orders/rescheduled", () => {
  it("gives the new and the old times in Zurich time, in French and German", async () => {
    const fr = await render("orders/rescheduled", "fr", rescheduled);
    expect(fr.subject).toContain("Nouvel horaire");
    expect(fr.text).toContain("Départ : le 01 décembre 2026 à 13:30, au lieu du 01 décembre 2026 à 10:00.");
    expect(fr.text).toContain("Arrivée : le 01 décembre 2026 à 14:35, au lieu du 01 décembre 2026 à 11:05.");
    expect(fr.text).toContain("annuler votre réservation sans frais");
    expect(fr.html).toMatch(
      /<a[^>]*href="http:\/\/localhost:8787\/confirmation\/o1\/calendar\.ics\?key=k"[^>]*>[\s\S]*?Mettre à jour mon agenda/,
    );

    const de = await render("orders/rescheduled", "de", rescheduled);
    expect(de.subject).toContain("Neue Flugzeiten");
    expect(de.text).toContain("Abflug: am 1. Dezember 2026 um 13:30 Uhr, statt am 1. Dezember 2026 um 10:00 Uhr.");
    expect(de.text).toContain("kostenlos stornieren");
    expect(de.text).not.toMatch(/Départ|réservation|décembre/);
  });

  it("says nothing of free cancellation under 3 hours, nor of a calendar before the order is confirmed", async () => {
    const mail = await render("orders/rescheduled", "en", {
      ...rescheduled,
      freeCancellation: false,
      calendarUrl: null,
    });
    expect(mail.text).toContain("Departure: 1 December 2026 at 13:30, instead of 1 December 2026 at 10:00.");
    expect(mail.text).not.toContain("free of charge");
    expect(mail.text).not.toContain("calendar");
    expect(mail.html).toContain(`href="${customer.url}"`);
  });

  it("says the departure is unchanged when only the arrival moved", async () => {
    const mail = await render("orders/rescheduled", "fr", {
      ...rescheduled,
      previousDeparture: flight.departure,
      freeCancellation: false,
    });
    expect(mail.text).toContain("Départ : le 01 décembre 2026 à 13:30, inchangé.");
    expect(mail.text).toContain("Arrivée : le 01 décembre 2026 à 14:35");
  });
});

describe("orders/cancelled at the deadline or after departure", () => {
  it("tells the customer plainly that the authorisation lapsed and nothing was charged", async () => {
    const mail = await render("orders/cancelled", "fr", {
      ...customer,
      reason: "authorisationLapsed",
      nothingCharged: true,
    });
    expect(mail.text).toContain("avant la fin de validité de l'autorisation de paiement");
    expect(mail.text).toContain("aucun montant n'a été prélevé");
    const de = await render("orders/cancelled", "de", {
      ...customer,
      reason: "authorisationLapsed",
      nothingCharged: true,
    });
    expect(de.text).toContain("Zahlungsautorisierung auf Ihrer Karte abgelaufen");
  });

  it("does not say 'before payment' to a customer who had paid and waited for staff", async () => {
    const mail = await render("orders/cancelled", "fr", {
      ...customer,
      reason: "departed",
      nothingCharged: true,
      released: true,
    });
    expect(mail.text).toContain("le vol est parti sans que nous ayons pu la confirmer");
    expect(mail.text).not.toContain("avant que le paiement soit effectué");
  });
});

describe("staff mails", () => {
  it("orders/staff-departed: the order, the customer and that nothing was captured", async () => {
    const staff: StaffOrderMailData = {
      ...flight,
      customer: {
        firstName: "Léa",
        lastName: "Muller",
        email: "lea@example.ch",
        phone: "+41 79 123 45 67",
        address: "Rue du Rhône 1",
        zipCode: "1204",
        city: "Genève",
        country: "CH",
      },
      adminUrl: "http://localhost:8787/admin/orders?q=JM-7K4Q2P",
      holdExpiresAt: null,
      cancelReason: "departed",
      detail: null,
      releaseError: null,
    };
    const mail = await render("orders/staff-departed", "fr", staff);
    expect(mail.subject).toContain("JM-7K4Q2P");
    expect(mail.text).toContain("rien n'a été encaissé");
    expect(mail.text).toContain("lea@example.ch");
  });

  it("orders/staff-capture-deadlines: each order with its deadline, in the staff member's language", async () => {
    const data: StaffCaptureDeadlinesMailData = {
      orders: [
        {
          reference: "JM-AAAAAA",
          from: "Genève",
          to: "Nice",
          customer: "Léa Muller",
          amountCents: 123_456,
          captureBefore: "2026-12-01T16:45:00.000Z",
        },
        {
          reference: "JM-BBBBBB",
          from: "Zurich",
          to: "Paris",
          customer: "Max Keller",
          amountCents: 50_000,
          captureBefore: "2026-12-02T08:00:00.000Z",
        },
      ],
      adminUrl: "http://localhost:8787/admin/orders?status=processing&sort=captureBefore",
    };
    const fr = await render("orders/staff-capture-deadlines", "fr", data);
    expect(fr.subject).toBe("2 commandes à valider dans les 24 heures");
    expect(fr.text).toMatch(
      /JM-AAAAAA · Genève → Nice · Léa Muller · 1\s234,56\s€\s?: à valider avant le 01 décembre 2026 à 17:45/u,
    );
    expect(fr.text).toContain("JM-BBBBBB");
    const de = await render("orders/staff-capture-deadlines", "de", { ...data, orders: data.orders.slice(0, 1) });
    expect(de.subject).toBe("1 Bestellung innerhalb von 24 Stunden zu bestätigen");
    expect(de.text).toContain("Genf → Nizza");
    expect(de.text).toContain("bestätigen bis 1. Dezember 2026, 17:45 Uhr");
  });
});
