/**
 * The mails before a flight, rendered as they leave: the subject in each language, the deadline and the check-in in
 * Zurich time, the manifest's three states, the luggage allowed and declared, and the contact line.
 */
import { describe, expect, it } from "vitest";

import { LUGGAGE_LIMITS } from "#app/content/luggage";

import type { MailTemplateName } from "../registry";
import { renderMail } from "../render";
import type { TravelMailData } from "./manifest-reminder";
import type { TravelDayMailData } from "./travel-day";

const trip: TravelMailData = {
  firstName: "Léa",
  reference: "JM-7K4Q2P",
  from: "Genève",
  to: "Nice",
  fromIcao: "LSGG",
  toIcao: "LFMN",
  // 10:00 in Zurich (CET); the deadline 24 hours before.
  departure: "2026-12-03T09:00:00.000Z",
  deadline: "2026-12-02T09:00:00.000Z",
  missing: 3,
  manifestUrl: "http://localhost:8787/confirmation/o1/manifest?key=k",
};
const day: TravelDayMailData = {
  ...trip,
  url: "http://localhost:8787/confirmation/o1?key=k",
  checkIn: "2026-12-03T08:30:00.000Z",
  checkInMinutes: 30,
  terminal: null,
  mapUrl: "https://www.openstreetmap.org/?mlat=46.2381&mlon=6.1089#map=15/46.2381/6.1089",
  operatorName: null,
  registration: null,
  aircraftType: "PC24",
  travellers: 2,
  limits: LUGGAGE_LIMITS.PC24,
  luggage: { pieces: 3, kg: 40, pets: 1 },
  manifest: "missing",
};
const render = (template: MailTemplateName, locale: string, data: unknown) =>
  renderMail(template, locale, data as never);

describe("orders/manifest-reminder", () => {
  it("says what is missing and until when, in each language, and links the manifest", async () => {
    const fr = await render("orders/manifest-reminder", "fr", trip);
    expect(fr.subject).toBe("Votre vol du 03 décembre 2026 : complétez la liste des passagers");
    expect(fr.text).toContain("Il manque encore 3 informations");
    expect(fr.text).toContain("avant le 02 décembre 2026 à 10:00 (heure suisse)");
    expect(fr.html).toContain('href="http://localhost:8787/confirmation/o1/manifest?key=k"');
    const en = await render("orders/manifest-reminder", "en", { ...trip, missing: 1 });
    expect(en.subject).toBe("Your flight on 3 December 2026: complete the passenger list");
    expect(en.text).toContain("1 detail is still missing");
    const de = await render("orders/manifest-reminder", "de", trip);
    expect(de.subject).toBe("Ihr Flug am 3. Dezember 2026: Bitte vervollständigen Sie die Passagierliste");
    expect(de.text).not.toMatch(/passagers|Bonjour/);
  });
});

describe("orders/travel-day", () => {
  it("gives the meeting point, the check-in, the luggage, the carrier to be confirmed and the missing fields", async () => {
    const fr = await render("orders/travel-day", "fr", day);
    expect(fr.subject).toBe("Votre vol du 03 décembre 2026 : tout pour le jour du départ");
    expect(fr.text).toContain("Genève (LSGG)");
    expect(fr.text).toContain("L'équipage accueille les passagers au terminal d'aviation d'affaires");
    expect(fr.text).toContain("Présentez-vous à 09:30 (heure suisse), 30 minutes avant le départ");
    expect(fr.text).toContain("2 bagages, 23 kg au plus en tout, par passager");
    expect(fr.text).toContain("3 bagages, 40 kg en tout, 1 animal");
    expect(fr.text).toContain("L'opérateur et l'immatriculation de l'appareil vous seront confirmés");
    expect(fr.text).toContain(
      "Il manque encore 3 informations à la liste des passagers : complétez-la avant le 02 décembre",
    );
    expect(fr.text).toContain("+41 22 518 07 70");
    expect(fr.html).toContain("https://www.openstreetmap.org/?mlat=46.2381&amp;mlon=6.1089#map=15/46.2381/6.1089");

    const de = await render("orders/travel-day", "de", { ...day, terminal: "Jet Aviation FBO, 1215 Genève" });
    expect(de.subject).toBe("Ihr Flug am 3. Dezember 2026: alles für den Reisetag");
    expect(de.text).toContain("Jet Aviation FBO, 1215 Genève");
    expect(de.text).not.toContain("Business-Aviation-Terminal des Flughafens");
    expect(de.text).not.toMatch(/passagers|Bonjour/);
    const en = await render("orders/travel-day", "en", day);
    expect(en.subject).toBe("Your flight on 3 December 2026: everything for the day of travel");
  });

  it("thanks for a complete manifest, and after the deadline says whom to call", async () => {
    const complete = await render("orders/travel-day", "fr", { ...day, missing: 0, manifest: "complete" });
    expect(complete.text).toContain("La liste des passagers est complète");
    expect(complete.html).not.toContain("/manifest?key=k");
    const named = { ...day, operatorName: "Alpine Air SA", registration: "HB-FVA", manifest: "locked" as const };
    const locked = await render("orders/travel-day", "en", named);
    expect(locked.text).toContain("Alpine Air SA");
    expect(locked.text).toContain("HB-FVA");
    expect(locked.text).not.toContain("will be confirmed to you");
    expect(locked.text).toContain(
      "the deadline to complete it online has passed: call us on +41 22 518 07 70 or write to service@jetmalin.ch",
    );
  });
});
