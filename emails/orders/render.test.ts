/**
 * The mails of an order's life, rendered as they leave: each shows the order's own
 * reference, the route in the reader's language, the Zurich time, the seats, the
 * passengers and the stored amount; each says the right thing about the payment; a
 * German mail holds no French text.
 */
import { describe, expect, it } from "vitest";

import { company } from "#app/content/company";
import { resources } from "#app/locales/resources";

import type { MailTemplateName } from "../registry";
import { type RenderedMail, renderMail } from "../render";
import type { CustomerOrderMailData, StaffOrderMailData } from "./order-mail-data";

const flight = {
  reference: "JM-7K4Q2P",
  from: "Genève",
  to: "Nice",
  fromIcao: "LSGG",
  toIcao: "LFMN",
  // 10:00 in Zurich (CET, UTC+1).
  departure: "2026-12-01T09:00:00.000Z",
  aircraftType: "PC12",
  seats: 2,
  wholeAircraft: false,
  passengers: ["Léa Muller", "Max Keller"],
  amountCents: 123_456,
};
const url = "http://localhost:8787/confirmation/order-1?key=page-key";
const customer: CustomerOrderMailData = { ...flight, firstName: "Léa", url };
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
  holdExpiresAt: "2026-11-23T10:30:00.000Z",
  cancelReason: null,
  detail: null,
  releaseError: null,
};

type Case = { template: MailTemplateName; data: unknown; fr: string[]; de: string[] };

/** What each mail must say, written here rather than read from the locale files. */
const customerCases: Record<string, Case> = {
  placed: {
    template: "orders/placed",
    data: { ...customer, payUrl: "https://pay.example/session-1", holdExpiresAt: "2026-11-23T10:30:00.000Z" },
    // The hold ends at 11:30 in Zurich.
    fr: ["Payer maintenant", "jusqu'au 23 novembre 2026 à 11:30"],
    de: ["Jetzt bezahlen", "bis zum 23. November 2026 um 11:30 Uhr"],
  },
  authorised: {
    template: "orders/authorised",
    data: customer,
    fr: ["Votre paiement est en cours de traitement.", "Notre équipe confirme maintenant le vol"],
    de: ["Ihre Zahlung wird bearbeitet.", "Unser Team bestätigt den Flug"],
  },
  completed: {
    template: "orders/completed",
    data: {
      ...customer,
      calendarUrl: "http://localhost:8787/confirmation/order-1/calendar.ics?key=page-key",
      receiptUrl: "http://localhost:8787/confirmation/order-1/receipt.pdf?key=page-key",
    },
    fr: [
      "Votre paiement a été confirmé.",
      "Genève (LSGG)",
      "Nice (LFMN)",
      // 30 minutes before 10:00.
      "au terminal d'aviation d'affaires à 09:30",
      `Appelez-nous au ${company.reservationsPhone} ou écrivez-nous à ${company.customerServiceEmail}`,
      "Ajouter à mon agenda",
      "Votre reçu (PDF)",
    ],
    de: [
      "Ihre Zahlung wurde bestätigt.",
      "Genf (LSGG)",
      "Nizza (LFMN)",
      "um 09:30 Uhr",
      `Rufen Sie uns an unter ${company.reservationsPhone}`,
      "Zu meinem Kalender hinzufügen",
      "Ihre Quittung (PDF)",
    ],
  },
  cancelledRefused: {
    template: "orders/cancelled",
    data: { ...customer, reason: "refused", nothingCharged: true },
    fr: ["refusée", "aucun montant n'a été prélevé"],
    de: ["abgelehnt", "Es wurde kein Betrag abgebucht"],
  },
  cancelledExpired: {
    template: "orders/cancelled",
    data: { ...customer, reason: "expired", nothingCharged: true },
    fr: ["le délai de paiement a expiré", "aucun montant n'a été prélevé"],
    de: ["Die Zahlungsfrist ist abgelaufen", "Es wurde kein Betrag abgebucht"],
  },
  cancelledPaymentFailed: {
    template: "orders/cancelled",
    data: { ...customer, reason: "paymentFailed", nothingCharged: true },
    fr: ["le paiement a échoué", "aucun montant n'a été prélevé"],
    de: ["Die Zahlung ist fehlgeschlagen", "Es wurde kein Betrag abgebucht"],
  },
  cancelledDeparted: {
    template: "orders/cancelled",
    data: { ...customer, reason: "departed", nothingCharged: true },
    fr: ["le vol est parti avant que le paiement soit effectué"],
    de: ["Der Flug ist abgeflogen, bevor bezahlt wurde"],
  },
  cancelledByCustomerRefunded: {
    template: "orders/cancelled-by-customer",
    // 30 % of 1,234.56 EUR kept (370.36, rounded down), 864.20 back.
    data: {
      ...customer,
      money: "refunded",
      feeCents: 37_036,
      refundCents: 86_420,
      creditNoteUrl: "https://jetmalin.test/confirmation/o1/credit-note?key=k1",
    },
    fr: [
      "Comme vous l'avez demandé",
      "Frais d'annulation selon nos conditions générales : 370,36",
      "Remboursement de 864,20",
      "Votre note de crédit (PDF)",
      "/confirmation/o1/credit-note?key=k1",
    ],
    de: [
      "Wie gewünscht",
      "Stornogebühr gemäß unseren Allgemeinen Geschäftsbedingungen: 370,36",
      "Erstattung von 864,20",
      "Ihre Gutschrift (PDF)",
    ],
  },
  cancelledByCustomerNothingCharged: {
    template: "orders/cancelled-by-customer",
    data: { ...customer, money: "nothingCharged", feeCents: 0, refundCents: 0, creditNoteUrl: null },
    fr: ["Comme vous l'avez demandé", "Aucun montant n'a été débité."],
    de: ["Wie gewünscht", "Es wurde kein Betrag abgebucht."],
  },
  cancelledByCustomerNothingBack: {
    template: "orders/cancelled-by-customer",
    data: { ...customer, money: "nothingBack", feeCents: 123_456, refundCents: 0, creditNoteUrl: null },
    fr: ["le prix payé est retenu en totalité"],
    de: ["vollständig einbehalten"],
  },
};

const staffCases: Record<string, Case> = {
  staffPlaced: {
    template: "orders/staff-placed",
    data: staff,
    fr: ["attend le paiement du client", "jusqu'au 23 novembre 2026 à 11:30"],
    de: ["wartet auf die Zahlung"],
  },
  staffAuthorised: {
    template: "orders/staff-authorised",
    data: staff,
    fr: ["a été autorisé", "Validez la commande"],
    de: ["wurde autorisiert"],
  },
  staffLatePayment: {
    template: "orders/staff-late-payment",
    data: { ...staff, cancelReason: "expired", detail: "evt_late_1" },
    fr: ["déjà annulée (motif : délai de paiement expiré)", "L'autorisation a été annulée", "evt_late_1"],
    de: ["bereits stornierte Bestellung", "Die Autorisierung wurde freigegeben"],
  },
  staffAmountMismatch: {
    template: "orders/staff-amount-mismatch",
    data: { ...staff, detail: "evt_2: 99900 usd" },
    fr: ["a été refusé", "ne correspond pas", "evt_2: 99900 usd"],
    de: ["wurde abgelehnt", "evt_2: 99900 usd"],
  },
  staffCaptureFailed: {
    template: "orders/staff-capture-failed",
    data: { ...staff, detail: "Your card has insufficient funds." },
    fr: ["L'encaissement du paiement", "a échoué", "Your card has insufficient funds."],
    de: ["Einzug der Zahlung", "Your card has insufficient funds."],
  },
};

const render = (template: MailTemplateName, locale: string, data: unknown) =>
  // The cases pair each template with its data; the registry's types check that in order-mails.server.ts.
  renderMail(template, locale, data as never);

/**
 * Every French text of the order mails that German writes otherwise, in pieces (between
 * placeholders and punctuation), so a French clause inside a German sentence is caught too.
 */
function frenchFragments(): string[] {
  const texts = (language: "fr" | "de") => {
    const out = new Map<string, string>();
    const walk = (node: unknown, path: string) => {
      if (typeof node === "string") out.set(path, node);
      else if (node && typeof node === "object")
        for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
    };
    const emails = resources[language].catalogue.emails;
    walk(emails.orders, "orders");
    walk(emails.fields, "fields");
    walk({ greeting: emails.greeting, signature: emails.signature }, "common");
    walk(resources[language].mail.layout, "layout");
    return out;
  };
  const fr = texts("fr");
  const de = texts("de");
  return (
    [...fr]
      .filter(([path, text]) => de.get(path) !== text)
      .flatMap(([, text]) => text.split(/\{\{\w+\}\}|[:;,.!?()–→]|\s-\s/))
      .map((fragment) => fragment.trim())
      // Names German writes the same way (JetMalin) are no leak.
      .filter((fragment) => fragment.length >= 6 && ![...de.values()].some((text) => text.includes(fragment)))
  );
}

/** The mail's text without what every language shows as is: the company's name and address. */
const withoutCompanyAddress = (text: string) =>
  [company.legalName, company.address.street, company.address.city].reduce(
    (rest, proper) => rest.replaceAll(proper, ""),
    text,
  );

function expectCommonLines(mail: RenderedMail, locale: "fr" | "de") {
  expect(mail.subject).toContain("JM-7K4Q2P");
  expect(mail.text).toContain("JM-7K4Q2P");
  expect(mail.text).toContain("PC12");
  if (locale === "fr") {
    expect(mail.text).toContain("Genève");
    expect(mail.text).toContain("Nice");
    expect(mail.text).toContain("01 décembre 2026, 10:00");
    expect(mail.text).toMatch(/1\s234,56\s€/u);
    expect(mail.text).toContain("Léa Muller, Max Keller");
  } else {
    expect(mail.text).toContain("Genf");
    expect(mail.text).toContain("Nizza");
    expect(mail.text).toContain("1. Dezember 2026, 10:00");
    expect(mail.text).toContain("1.234,56\u00a0€");
    expect(mail.text).toContain("Léa Muller, Max Keller");
  }
}

describe("the customer's order mails", () => {
  it.each(Object.entries(customerCases))(
    "%s: fr and de show the order and say the right thing",
    async (_, { template, data, fr, de }) => {
      const french = await render(template, "fr", data);
      expectCommonLines(french, "fr");
      expect(french.text).toContain("Bonjour Léa,");
      for (const text of fr) expect(french.text).toContain(text);

      const german = await render(template, "de", data);
      expect(german.locale).toBe("de");
      expect(german.html).toMatch(/<html[^>]* lang="de"/);
      expectCommonLines(german, "de");
      for (const text of de) expect(german.text).toContain(text);
      const leaked = frenchFragments().filter((fragment) => withoutCompanyAddress(german.text).includes(fragment));
      expect(leaked).toEqual([]);
      expect(withoutCompanyAddress(`${german.subject}\n${german.text}`)).not.toMatch(
        /Genève|décembre|réservation|paiement|Bonjour/,
      );
    },
  );

  it("links 'Payer maintenant' to the payment page and keeps the order page's link", async () => {
    const mail = await render("orders/placed", "fr", {
      ...customer,
      payUrl: "https://pay.example/session-1",
      holdExpiresAt: null,
    });
    expect(mail.html).toMatch(/<a[^>]*href="https:\/\/pay\.example\/session-1"[^>]*>[\s\S]*?Payer maintenant/);
    expect(mail.html).toContain(`href="${url}"`);
    // No hold, no sentence about it.
    expect(mail.text).not.toContain("retenues jusqu'au");
  });

  it("links 'Ajouter à mon agenda' to the calendar file and never says staff will call about the payment", async () => {
    const calendarUrl = "http://localhost:8787/confirmation/order-1/calendar.ics?key=page-key";
    const mail = await render("orders/completed", "fr", { ...customer, calendarUrl, receiptUrl: null });
    expect(mail.html).toMatch(
      /<a[^>]*href="http:\/\/localhost:8787\/confirmation\/order-1\/calendar\.ics\?key=page-key"[^>]*>[\s\S]*?Ajouter à mon agenda/,
    );
    expect(mail.text).not.toMatch(/règlement|vous contacte|nous vous appel/i);
    expect(mail.text).not.toContain("en cours de traitement");
    // No receipt issued, no line about it.
    expect(mail.text).not.toContain("Votre reçu (PDF)");
  });

  it("links the receipt, with the mail's key, when one was issued", async () => {
    const receiptUrl = "http://localhost:8787/confirmation/order-1/receipt.pdf?key=page-key";
    const mail = await render("orders/completed", "de", { ...customer, calendarUrl: url, receiptUrl });
    expect(mail.html).toContain(`href="${receiptUrl}"`);
    expect(mail.text).toContain("Ihre Quittung (PDF)");
  });

  it("says nothing was charged only when that is true", async () => {
    const mail = await render("orders/cancelled", "fr", { ...customer, reason: "refused", nothingCharged: false });
    expect(mail.text).toContain("refusée");
    expect(mail.text).not.toContain("aucun montant");
  });

  it("shows the whole aircraft and no passengers' line when there are none", async () => {
    const mail = await render("orders/authorised", "fr", {
      ...customer,
      seats: 6,
      wholeAircraft: true,
      passengers: [],
    });
    expect(mail.text).toContain("Tout l'appareil (6 places)");
    expect(mail.text).not.toContain("Passagers");
  });

  it("writes an order in Spanish in English, with the English city names", async () => {
    const mail = await render("orders/authorised", "es", customer);
    expect(mail.locale).toBe("en");
    expect(mail.text).toContain("Your payment is being processed.");
    expect(mail.text).toContain("Geneva");
  });

  it("shows a summer departure in Zurich's summer time", async () => {
    // 09:00 UTC in July is 11:00 in Zurich (CEST, UTC+2); the terminal at 10:30.
    const mail = await render("orders/completed", "fr", {
      ...customer,
      departure: "2027-07-01T09:00:00.000Z",
      calendarUrl: url,
      receiptUrl: null,
    });
    expect(mail.text).toContain("01 juillet 2027, 11:00");
    expect(mail.text).toContain("à 10:30");
  });
});

describe("the staff's order mails", () => {
  it.each(Object.entries(staffCases))(
    "%s: the reference, the customer, the back-office link",
    async (_, { template, data, fr, de }) => {
      const french = await render(template, "fr", data);
      expectCommonLines(french, "fr");
      for (const text of [...fr, "lea@example.ch", "+41 79 123 45 67"]) expect(french.text).toContain(text);
      expect(french.html).toContain('href="http://localhost:8787/admin/orders?q=JM-7K4Q2P"');

      const german = await render(template, "de", data);
      expectCommonLines(german, "de");
      for (const text of de) expect(german.text).toContain(text);
      expect(frenchFragments().filter((fragment) => withoutCompanyAddress(german.text).includes(fragment))).toEqual([]);
    },
  );

  it("tells staff when releasing an authorisation failed, instead of saying it was released", async () => {
    const mail = await render("orders/staff-late-payment", "fr", {
      ...staff,
      cancelReason: "refused",
      releaseError: "No such payment_intent",
    });
    expect(mail.text).toContain("L'annulation de l'autorisation a échoué (No such payment_intent)");
    expect(mail.text).not.toContain("L'autorisation a été annulée");
  });
});

describe("the operating carrier in the booking's mails", () => {
  const carrier = { name: "Alpina Executive Jets SA", aoc: "CH.AOC.1042", state: "CH", registration: "HB-FVX" };

  const templates = ["orders/placed", "orders/authorised", "orders/completed"] as const;
  it.each(templates)("%s names it, or says it will be named", async (template) => {
    const data = { ...customer, payUrl: url, holdExpiresAt: null, calendarUrl: url, receiptUrl: null };
    const french = await render(template, "fr", { ...data, carrier });
    expect(french.text).toContain(
      "Vol opéré par Alpina Executive Jets SA (AOC CH.AOC.1042, Suisse), appareil immatriculé HB-FVX.",
    );
    const german = await render(template, "de", { ...data, carrier: { ...carrier, state: "FR", registration: null } });
    expect(german.text).toContain("Durchgeführt von Alpina Executive Jets SA (AOC CH.AOC.1042, Frankreich).");
    const unknown = await render(template, "en", { ...data, carrier: null });
    expect(unknown.text).toContain("The airline operating this flight will be named before your booking is confirmed.");
    // A mail that does not name it (a cancellation) says nothing of it.
    expect((await render(template, "fr", data)).text).not.toContain("Transporteur aérien");
  });
});
