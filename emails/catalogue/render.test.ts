import { describe, expect, it } from "vitest";

import { EXCLUSIVE_FLIGHTS } from "#app/content/exclusive-flights";

import { renderMail } from "../render";

const customer = {
  firstName: "Léa",
  lastName: "Muller",
  email: "lea@example.ch",
  phone: "+41 79 123 45 67",
  address: "Rue du Rhône 1",
  zipCode: "1204",
  city: "Genève",
  country: "CH",
  message: "",
};
const exclusive = {
  requestId: "req-1",
  flight: EXCLUSIVE_FLIGHTS[2]!,
  departureDate: "2026-12-04",
  customer,
  language: "de",
};
const custom = {
  requestId: "req-2",
  request: {
    departure: "Lausanne" as const,
    arrival: "Olbia",
    date: "2026-12-05",
    passengers: 4,
    firstName: "Léa",
    lastName: "Muller",
    email: "lea@example.ch",
    phone: "+41 79 123 45 67",
  },
  language: "fr",
};

describe("catalogue mails", () => {
  it("gives staff the spec's subject and every detail of an exclusive request", async () => {
    const mail = await renderMail("catalogue/exclusive-request-staff", "fr", exclusive);
    expect(mail.subject).toBe("Nouvelle réservation vol exclusif - Léa Muller");
    for (const text of [
      "Aller-retour",
      "Date : vendredi 04 décembre 2026, Horaire à définir",
      "Retour : lundi 07 décembre 2026, entre 08:00 et 11:00",
      "PC-12",
      "Rue du Rhône 1",
      "lea@example.ch",
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).toMatch(/10['’\s]500\s€/u);
    // The billing country by name, never its code (decision 023).
    expect(mail.text).toContain("Genève, Suisse");
    expect(mail.text).not.toMatch(/\bCH\b/);
  });

  it("shows the flight's weekdays in a mail queued before the form asked for a day", async () => {
    const { departureDate: _day, ...queuedBefore } = exclusive;
    const mail = await renderMail("catalogue/exclusive-request-staff", "fr", queuedBefore);
    expect(mail.text).toContain("Tous les vendredis, Horaire à définir");
    expect(mail.text).toContain("Tous les lundis, entre 08:00 et 11:00");
  });

  it("never lets a CR or LF of a customer's name into the subject", async () => {
    const hostile = {
      ...exclusive,
      customer: { ...customer, firstName: "Léa\r\nBcc: victim@example.com", lastName: "Muller\n\rX-Spam: 1" },
    };
    const mail = await renderMail("catalogue/exclusive-request-staff", "fr", hostile);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe("Nouvelle réservation vol exclusif - Léa Bcc: victim@example.com Muller X-Spam: 1");
  });

  it.each([
    ["fr", "Confirmation de votre demande de réservation - JetMalin", "Bonjour Léa,"],
    ["en", "Confirmation of your booking request - JetMalin", "Hello Léa,"],
    ["de", "Bestätigung Ihrer Buchungsanfrage - JetMalin", "Guten Tag Léa,"],
  ] as const)("writes the customer's confirmation in %s", async (locale, subject, greeting) => {
    const mail = await renderMail("catalogue/exclusive-request-customer", locale, exclusive);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(greeting);
  });

  it("sends the custom request to staff and the customer", async () => {
    const staff = await renderMail("catalogue/custom-request-staff", "fr", custom);
    expect(staff.subject).toBe("Nouvelle demande de vol sur mesure - Léa Muller");
    expect(staff.text).toContain("Olbia");
    const toCustomer = await renderMail("catalogue/custom-request-customer", "en", custom);
    expect(toCustomer.subject).toBe("Your made-to-measure flight request - JetMalin");
  });

  it("puts the unsubscribe link in the newsletter welcome", async () => {
    const url = "http://localhost:8787/newsletter/unsubscribe?token=abc";
    const mail = await renderMail("catalogue/newsletter-welcome", "de", { unsubscribeUrl: url });
    expect(mail.subject).toBe("Willkommen beim JetMalin-Newsletter");
    expect(mail.text).toContain(url);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("gives no unsubscribe header to the confirmation of a sign-up (nobody is subscribed yet)", async () => {
    const mail = await renderMail("catalogue/newsletter-confirm", "fr", {
      confirmUrl: "http://localhost:8787/newsletter/confirm?token=abc",
    });
    expect(mail.headers).toBeNull();
  });
});

describe("mails in each language (issue 11)", () => {
  it("in English and German: no space before a colon, the city and the date in the language", async () => {
    const en = await renderMail("catalogue/exclusive-request-customer", "en", exclusive);
    expect(en.text).toContain("Type: Round trip");
    expect(en.text).toContain("Date: Friday 4 December 2026, Time to be defined");
    expect(en.text).toMatch(/: Geneva\b/);
    // Only the postal address (1215 Genève 15) keeps the local name.
    expect(en.text.replace("Genève 15", "")).not.toContain("Genève");
    const de = await renderMail("catalogue/custom-request-customer", "de", custom);
    expect(de.text).toContain("5. Dezember 2026");
    expect(de.text).not.toContain("2026-12-05");
    for (const mail of [en, de, await renderMail("catalogue/custom-request-staff", "en", custom)]) {
      expect(mail.text).not.toMatch(/\S :/);
      expect(mail.html).not.toMatch(/\S :/);
    }
    const fr = await renderMail("catalogue/exclusive-request-customer", "fr", exclusive);
    expect(fr.text).toContain("Type : Aller-retour");
    expect(fr.text).toContain("Genève");
  });

  it("is a well-formed document with its subject as title and a viewport", async () => {
    const mail = await renderMail("catalogue/custom-request-customer", "en", custom);
    expect(mail.html).toMatch(/^<!DOCTYPE[^>]*><html[^>]*>/);
    expect(mail.html).toMatch(/<\/html>$/);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    // Nothing between </head> and <body>.
    expect(mail.html).toMatch(/<\/head><body/);
  });
});
