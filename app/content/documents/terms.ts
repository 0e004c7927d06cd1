import { cancellationClause } from "../cancellation-terms";
import { company } from "../company";
import type { ContentDocument, Localized } from "../localized";

export const TERMS: Localized<ContentDocument> = {
  fr: {
    title: "Conditions générales",
    intro: `Les présentes conditions régissent l'utilisation du site et les demandes de réservation adressées à ${company.legalName}. Elles sont soumises au droit suisse ; le for est à Genève.`,
    sections: [
      {
        heading: "Notre rôle",
        paragraphs: [
          "JetMalin commercialise des sièges et des vols privés opérés par des compagnies titulaires d'un certificat de transporteur aérien. L'opérateur reste responsable de l'exécution du vol.",
        ],
      },
      {
        heading: "Réservation",
        paragraphs: [
          "Une demande de réservation n'engage ni vous ni nous tant que nous ne l'avons pas confirmée par écrit. Le prix affiché est indicatif jusqu'à cette confirmation.",
        ],
      },
      {
        heading: "Empty legs",
        paragraphs: [
          "Un empty leg dépend du vol qui l'a créé : son horaire peut changer et il peut être annulé par l'opérateur. Dans ce cas, le prix payé vous est intégralement remboursé, sans autre indemnité.",
        ],
      },
      {
        heading: "Prix et TVA",
        paragraphs: [
          "Les prix sont indiqués en euros, toutes taxes comprises. Le transport aérien international de personnes est exonéré de la TVA suisse (art. 23, al. 2, ch. 8 LTVA) ; un vol dont le départ et l'arrivée sont en Suisse est soumis à la TVA au taux normal, comprise dans le prix. Le reçu et la note de crédit indiquent le traitement appliqué.",
        ],
      },
      {
        heading: "Annulation par le client",
        paragraphs: cancellationClause("fr"),
      },
      {
        heading: "Passagers et bagages",
        paragraphs: [
          "Chaque passager doit présenter un document de voyage valable. Le commandant de bord peut refuser un bagage ou un passager pour des raisons de sécurité.",
        ],
      },
    ],
  },
  en: {
    title: "Terms and conditions",
    intro: `These terms govern the use of the website and the booking requests sent to ${company.legalName}. They are subject to Swiss law; the place of jurisdiction is Geneva.`,
    sections: [
      {
        heading: "Our role",
        paragraphs: [
          "JetMalin sells seats and private flights operated by companies holding an air operator certificate. The operator remains responsible for carrying out the flight.",
        ],
      },
      {
        heading: "Booking",
        paragraphs: [
          "A booking request binds neither you nor us until we have confirmed it in writing. The price shown is indicative until that confirmation.",
        ],
      },
      {
        heading: "Empty legs",
        paragraphs: [
          "An empty leg depends on the flight that created it: its schedule may change and the operator may cancel it. In that case the price paid is refunded in full, with no further compensation.",
        ],
      },
      {
        heading: "Prices and VAT",
        paragraphs: [
          "Prices are in euros, all taxes included. International passenger air transport is exempt from Swiss VAT (Swiss VAT Act, art. 23 para. 2 no. 8); a flight that departs and lands in Switzerland is subject to VAT at the standard rate, included in the price. The receipt and the credit note state which treatment applies.",
        ],
      },
      {
        heading: "Cancellation by the customer",
        paragraphs: cancellationClause("en"),
      },
      {
        heading: "Passengers and luggage",
        paragraphs: [
          "Every passenger must carry a valid travel document. The captain may refuse luggage or a passenger for safety reasons.",
        ],
      },
    ],
  },
  de: {
    title: "Allgemeine Geschäftsbedingungen",
    intro: `Diese Bedingungen regeln die Nutzung der Website und die an ${company.legalName} gerichteten Buchungsanfragen. Es gilt Schweizer Recht; Gerichtsstand ist Genf.`,
    sections: [
      {
        heading: "Unsere Rolle",
        paragraphs: [
          "JetMalin vermarktet Sitze und Privatflüge, die von Gesellschaften mit einem Luftverkehrsbetreiberzeugnis durchgeführt werden. Der Betreiber bleibt für die Durchführung des Flugs verantwortlich.",
        ],
      },
      {
        heading: "Buchung",
        paragraphs: [
          "Eine Buchungsanfrage verpflichtet weder Sie noch uns, solange wir sie nicht schriftlich bestätigt haben. Der angezeigte Preis ist bis zu dieser Bestätigung unverbindlich.",
        ],
      },
      {
        heading: "Empty Legs",
        paragraphs: [
          "Ein Empty Leg hängt vom Flug ab, der ihn erzeugt hat: Der Flugplan kann sich ändern und der Betreiber kann ihn annullieren. In diesem Fall wird der bezahlte Preis vollständig zurückerstattet, ohne weitere Entschädigung.",
        ],
      },
      {
        heading: "Preise und Mehrwertsteuer",
        paragraphs: [
          "Die Preise verstehen sich in Euro, inklusive aller Steuern. Die grenzüberschreitende Personenbeförderung im Luftverkehr ist von der Schweizer Mehrwertsteuer befreit (Art. 23 Abs. 2 Ziff. 8 MWSTG); ein Flug mit Abflug und Landung in der Schweiz unterliegt der Mehrwertsteuer zum Normalsatz, die im Preis inbegriffen ist. Quittung und Gutschrift geben an, welche Behandlung gilt.",
        ],
      },
      {
        heading: "Annullierung durch den Kunden",
        paragraphs: cancellationClause("de"),
      },
      {
        heading: "Passagiere und Gepäck",
        paragraphs: [
          "Jeder Passagier muss ein gültiges Reisedokument mitführen. Der Kommandant kann Gepäck oder Passagiere aus Sicherheitsgründen zurückweisen.",
        ],
      },
    ],
  },
};
