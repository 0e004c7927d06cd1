import { company } from "../company";
import type { ContentDocument, Localized } from "../localized";

const { legalName, address, reservationsPhone, customerServiceEmail, uid } = company;
const place = `${address.street}, ${address.postalCode} ${address.city}`;
// The hosting provider: the Worker runs on Cloudflare.
const host = "Cloudflare, Inc., 101 Townsend Street, San Francisco, CA 94107";

/** The company's facts (content/company.ts) as the law asks them shown: Impressum, mentions légales. */
export const LEGAL_NOTICE: Localized<ContentDocument> = {
  fr: {
    title: "Mentions légales",
    intro: `Le site JetMalin est édité par ${legalName}, société anonyme de droit suisse.`,
    sections: [
      { heading: "Éditeur", paragraphs: [`${legalName}, ${place}, Suisse`] },
      {
        heading: "Contact",
        paragraphs: [`Réservations : ${reservationsPhone}`, `Service client : ${customerServiceEmail}`],
      },
      {
        heading: "Registre du commerce",
        paragraphs: [
          `Inscrite au registre du commerce du canton de Genève. Numéro d'identification des entreprises (IDE) : ${uid}.`,
        ],
      },
      { heading: "Hébergement", paragraphs: [`Le site est hébergé par ${host}, États-Unis.`] },
      {
        heading: "Vols",
        paragraphs: [
          "Les vols sont effectués par des compagnies aériennes titulaires d'un certificat de transporteur aérien ; la compagnie qui opère votre vol est indiquée avant le paiement.",
        ],
      },
    ],
  },
  en: {
    title: "Legal notice",
    intro: `The JetMalin website is published by ${legalName}, a Swiss public limited company.`,
    sections: [
      { heading: "Publisher", paragraphs: [`${legalName}, ${place}, Switzerland`] },
      {
        heading: "Contact",
        paragraphs: [`Reservations: ${reservationsPhone}`, `Customer service: ${customerServiceEmail}`],
      },
      {
        heading: "Commercial register",
        paragraphs: [
          `Registered in the commercial register of the Canton of Geneva. Business identification number (UID): ${uid}.`,
        ],
      },
      { heading: "Hosting", paragraphs: [`The website is hosted by ${host}, United States.`] },
      {
        heading: "Flights",
        paragraphs: [
          "Flights are operated by airlines holding an air operator certificate; the airline operating your flight is named before payment.",
        ],
      },
    ],
  },
  de: {
    title: "Impressum",
    intro: `Die Website JetMalin wird von der ${legalName}, einer Aktiengesellschaft nach Schweizer Recht, herausgegeben.`,
    sections: [
      { heading: "Herausgeberin", paragraphs: [`${legalName}, ${place}, Schweiz`] },
      {
        heading: "Kontakt",
        paragraphs: [`Reservierungen: ${reservationsPhone}`, `Kundendienst: ${customerServiceEmail}`],
      },
      {
        heading: "Handelsregister",
        paragraphs: [
          `Eingetragen im Handelsregister des Kantons Genf. Unternehmens-Identifikationsnummer (UID): ${uid}.`,
        ],
      },
      { heading: "Hosting", paragraphs: [`Die Website wird von ${host}, USA, gehostet.`] },
      {
        heading: "Flüge",
        paragraphs: [
          "Die Flüge werden von Fluggesellschaften mit einem Luftverkehrsbetreiberzeugnis durchgeführt; die Fluggesellschaft Ihres Flugs wird vor der Zahlung genannt.",
        ],
      },
    ],
  },
};
