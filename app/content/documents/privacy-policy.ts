import type { Language } from "#app/i18n";

import { company } from "../company";
import type { ContentDocument, Localized } from "../localized";
import { formatRetentionPeriod, RETENTION, type RetentionRule } from "../retention-periods";

const contact = company.customerServiceEmail;
// The periods the retention tasks apply (content/retention-periods.ts).
const kept = (rule: RetentionRule, language: Language) => formatRetentionPeriod(RETENTION[rule], language);

export const PRIVACY: Localized<ContentDocument> = {
  fr: {
    title: "Politique de confidentialité",
    intro: `${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, est responsable du traitement de vos données personnelles, conformément à la loi fédérale sur la protection des données (LPD) et, lorsqu'il s'applique, au RGPD.`,
    sections: [
      {
        heading: "Données collectées",
        paragraphs: [
          "Les données que vous nous transmettez : nom, prénom, email, téléphone, adresse de facturation, détails de vos demandes et réservations, langue préférée et, si vous créez un compte, votre profil et vos favoris.",
        ],
      },
      {
        heading: "Finalités",
        paragraphs: [
          "Traiter vos demandes et réservations, vous envoyer les confirmations et, si vous l'avez demandé, les alertes de vols et la newsletter. Nous ne vendons jamais vos données.",
        ],
      },
      {
        heading: "Destinataires",
        paragraphs: [
          "L'opérateur aérien qui effectue votre vol reçoit les informations nécessaires au transport (identité des passagers). Nos prestataires techniques (hébergement, envoi d'emails) traitent les données pour notre compte uniquement.",
        ],
      },
      {
        heading: "Durée de conservation",
        paragraphs: [
          `Réservations : ${kept("anonymousOrders", "fr")} après la fin de l'année du vol, pour nos obligations comptables (art. 958f CO) ; ensuite, les coordonnées et les noms des passagers d'une réservation faite sans compte sont anonymisés (le montant, le vol et les dates restent). Les réservations faites avec un compte restent visibles dans votre profil tant que le compte existe. Les liens reçus par email pour consulter une réservation cessent de fonctionner ${kept("orderLinks", "fr")} après le vol. Les reçus et notes de crédit, qui portent votre nom et votre adresse de facturation, sont conservés tels qu'ils ont été émis pendant 10 ans après la fin de l'année de leur émission (art. 958f CO), même après la suppression de votre compte.`,
          `Compte : jusqu'à ce que vous le supprimiez ; un compte dont l'adresse email n'a jamais été confirmée est supprimé ${kept("unconfirmedAccounts", "fr")} après l'inscription.`,
          "Sessions de connexion et liens à usage unique (confirmation, réinitialisation du mot de passe) : effacés dès leur expiration ; compteurs de protection contre les abus : à la fin de leur période.",
          `Emails envoyés : ${kept("sentMailContent", "fr")} ; ensuite, leur contenu et l'adresse du destinataire sont effacés.`,
          `Notifications lues : ${kept("readNotifications", "fr")} ; liste des alertes de vol envoyées : ${kept("alertDeliveries", "fr")} après l'alerte, une fois le vol parti.`,
          `Demandes de vol exclusif ou sur mesure : ${kept("requests", "fr")}.`,
          `Liste des passagers (dates de naissance, nationalités et documents de voyage, chiffrés) : ${kept("manifests", "fr")} après le vol ; ensuite, seules les initiales des passagers restent. Le relevé des consultations et exports de ces listes par notre équipe : ${kept("manifestAccess", "fr")}.`,
          `Newsletter : tant que vous êtes inscrit ; l'adresse est effacée ${kept("lapsedNewsletterSignUps", "fr")} après votre désinscription, ou après la dernière demande d'inscription si elle n'a jamais été confirmée.`,
        ],
      },
      {
        heading: "Vos droits",
        paragraphs: [
          `Vous pouvez accéder à vos données, les faire rectifier ou effacer, et vous opposer à leur traitement en écrivant à ${contact}. Chaque newsletter contient un lien de désinscription.`,
        ],
      },
    ],
  },
  en: {
    title: "Privacy policy",
    intro: `${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, is responsible for processing your personal data, in accordance with the Swiss Federal Act on Data Protection (FADP) and, where it applies, the GDPR.`,
    sections: [
      {
        heading: "Data we collect",
        paragraphs: [
          "The data you send us: name, first name, email, phone, billing address, details of your requests and bookings, preferred language and, if you create an account, your profile and favourites.",
        ],
      },
      {
        heading: "Purposes",
        paragraphs: [
          "To handle your requests and bookings, send you confirmations and, if you asked for them, flight alerts and the newsletter. We never sell your data.",
        ],
      },
      {
        heading: "Recipients",
        paragraphs: [
          "The air operator flying you receives the information needed for the transport (passengers' identity). Our technical providers (hosting, email delivery) process data on our behalf only.",
        ],
      },
      {
        heading: "Retention",
        paragraphs: [
          `Bookings: ${kept("anonymousOrders", "en")} after the end of the year of the flight, for our accounting obligations (Swiss Code of Obligations, art. 958f); after that, the contact details and passenger names of a booking made without an account are anonymised (amount, flight and dates remain). Bookings made with an account stay visible in your profile for as long as the account exists. The links you received by email to view a booking stop working ${kept("orderLinks", "en")} after the flight. Receipts and credit notes, which show your name and billing address, are kept as issued for 10 years after the end of the year they were issued (Swiss Code of Obligations, art. 958f), even after you delete your account.`,
          `Account: until you delete it; an account whose email address was never confirmed is deleted ${kept("unconfirmedAccounts", "en")} after sign-up.`,
          "Sign-in sessions and one-time links (confirmation, password reset): erased as soon as they expire; abuse-protection counters: at the end of their period.",
          `Sent emails: ${kept("sentMailContent", "en")}; after that, their content and the recipient's address are erased.`,
          `Read notifications: ${kept("readNotifications", "en")}; the list of flight alerts sent: ${kept("alertDeliveries", "en")} after the alert, once the flight has left.`,
          `Exclusive and made-to-measure flight requests: ${kept("requests", "en")}.`,
          `Passenger lists (dates of birth, nationalities and travel documents, encrypted): ${kept("manifests", "en")} after the flight; after that only the passengers' initials remain. The record of our staff's views and exports of these lists: ${kept("manifestAccess", "en")}.`,
          `Newsletter: for as long as you are subscribed; the address is erased ${kept("lapsedNewsletterSignUps", "en")} after you unsubscribe, or after the last sign-up request if it was never confirmed.`,
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          `You may access your data, have it corrected or erased, and object to its processing by writing to ${contact}. Every newsletter contains an unsubscribe link.`,
        ],
      },
    ],
  },
  de: {
    title: "Datenschutzerklärung",
    intro: `${company.legalName}, ${company.address.street}, ${company.address.postalCode} ${company.address.city}, ist für die Bearbeitung Ihrer Personendaten verantwortlich, gemäss dem Bundesgesetz über den Datenschutz (DSG) und, wo anwendbar, der DSGVO.`,
    sections: [
      {
        heading: "Erhobene Daten",
        paragraphs: [
          "Die Daten, die Sie uns übermitteln: Name, Vorname, E-Mail, Telefon, Rechnungsadresse, Angaben zu Ihren Anfragen und Buchungen, bevorzugte Sprache und, wenn Sie ein Konto eröffnen, Ihr Profil und Ihre Favoriten.",
        ],
      },
      {
        heading: "Zwecke",
        paragraphs: [
          "Ihre Anfragen und Buchungen bearbeiten, Ihnen Bestätigungen und, falls gewünscht, Flugalarme und den Newsletter senden. Wir verkaufen Ihre Daten nie.",
        ],
      },
      {
        heading: "Empfänger",
        paragraphs: [
          "Der Luftfahrtbetreiber, der Ihren Flug durchführt, erhält die für den Transport nötigen Angaben (Identität der Passagiere). Unsere technischen Dienstleister (Hosting, E-Mail-Versand) bearbeiten Daten ausschliesslich in unserem Auftrag.",
        ],
      },
      {
        heading: "Aufbewahrungsdauer",
        paragraphs: [
          `Buchungen: ${kept("anonymousOrders", "de")} ab Ende des Jahres des Flugs, für unsere Buchführungspflichten (Art. 958f OR); danach werden die Kontaktdaten und die Passagiernamen einer ohne Konto getätigten Buchung anonymisiert (Betrag, Flug und Daten bleiben). Mit einem Konto getätigte Buchungen bleiben in Ihrem Profil sichtbar, solange das Konto besteht. Die per E-Mail erhaltenen Links zu einer Buchung funktionieren ${kept("orderLinks", "de")} nach dem Flug nicht mehr. Quittungen und Gutschriften, die Ihren Namen und Ihre Rechnungsadresse tragen, bewahren wir so auf, wie sie ausgestellt wurden: 10 Jahre ab Ende des Jahres ihrer Ausstellung (Art. 958f OR), auch nach der Löschung Ihres Kontos.`,
          `Konto: bis Sie es löschen; ein Konto, dessen E-Mail-Adresse nie bestätigt wurde, wird ${kept("unconfirmedAccounts", "de")} nach der Registrierung gelöscht.`,
          "Anmeldesitzungen und Einmal-Links (Bestätigung, Zurücksetzen des Passworts): gelöscht, sobald sie ablaufen; Zähler zum Schutz vor Missbrauch: am Ende ihres Zeitfensters.",
          `Versendete E-Mails: ${kept("sentMailContent", "de")}; danach werden ihr Inhalt und die Empfängeradresse gelöscht.`,
          `Gelesene Benachrichtigungen: ${kept("readNotifications", "de")}; die Liste der gesendeten Flugalarme: ${kept("alertDeliveries", "de")} nach dem Alarm, sobald der Flug gestartet ist.`,
          `Anfragen für Exklusiv- und massgeschneiderte Flüge: ${kept("requests", "de")}.`,
          `Passagierlisten (Geburtsdaten, Staatsangehörigkeiten und Reisedokumente, verschlüsselt): ${kept("manifests", "de")} nach dem Flug; danach bleiben nur die Initialen der Passagiere. Das Protokoll der Einsichten und Exporte dieser Listen durch unser Team: ${kept("manifestAccess", "de")}.`,
          `Newsletter: solange Sie angemeldet sind; die Adresse wird ${kept("lapsedNewsletterSignUps", "de")} nach Ihrer Abmeldung gelöscht, oder nach der letzten Anmeldeanfrage, wenn diese nie bestätigt wurde.`,
        ],
      },
      {
        heading: "Ihre Rechte",
        paragraphs: [
          `Sie können Auskunft über Ihre Daten verlangen, sie berichtigen oder löschen lassen und der Bearbeitung widersprechen, indem Sie an ${contact} schreiben. Jeder Newsletter enthält einen Abmeldelink.`,
        ],
      },
    ],
  },
};
