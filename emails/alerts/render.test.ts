import { describe, expect, it } from "vitest";

import { renderMail } from "../render";

const unsubscribeUrl = "http://localhost:8787/alerts/unsubscribe?token=lena.mac&lng=de";
const data = {
  firstName: "Lena",
  flights: [
    {
      from: "Genève",
      to: "Nice",
      departure: "2026-11-23T14:00:00.000Z",
      pricePerPerson: 1250,
      url: "http://localhost:8787/checkout/gva-nce",
    },
  ],
  listUrl: "http://localhost:8787/empty-legs",
  profileUrl: "http://localhost:8787/profile",
  unsubscribeUrl,
};

describe("the flight alert mail", () => {
  it.each([
    ["fr", "Se désabonner", "Modifier mes alertes"],
    ["en", "Unsubscribe", "Change my alerts"],
    ["de", "Abmelden", "Meine Benachrichtigungen ändern"],
  ] as const)(
    "%s: a visible unsubscribe link, the header's, beside the settings",
    async (locale, unsubscribe, settings) => {
      const mail = await renderMail("alerts/flight-alert", locale, data);
      const anchor = mail.html.split(`href="${unsubscribeUrl.replace("&", "&amp;")}"`)[1];
      expect(anchor).toMatch(new RegExp(`^[^>]*>${unsubscribe}</a>`));
      expect(mail.text).toContain(settings);
      expect(mail.text).toContain(`${unsubscribe} ${unsubscribeUrl}`);
      // Intl puts no-break spaces in the amount.
      expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain(
        { fr: "1 250 € par personne", en: "€1,250 per person", de: "1.250 € pro Person" }[locale],
      );
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    },
  );
});
