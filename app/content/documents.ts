/**
 * The long texts of the content pages (about, FAQ, legal, made-to-measure), in each
 * language. Loaders pick one language and send it with the page, so these texts never
 * weigh on the JavaScript of other pages. French is the source text.
 */
import type { Language } from "#app/i18n";
import { formatDayKey } from "#app/utils/format";
import { RETENTION, formatRetentionPeriod, type RetentionRule } from "#app/privacy/retention-periods";
import { company } from "./company";
import type { ContentDocument, Localized } from "./localized";

const contact = company.customerServiceEmail;
/** A retention period as the policy writes it: the one in app/privacy/retention-periods.ts, which the tasks apply. */
const kept = (rule: RetentionRule, language: Language) => formatRetentionPeriod(RETENTION[rule], language);

export const ABOUT: Localized<ContentDocument> = {
  fr: {
    title: "À propos de JetMalin",
    intro:
      "JetMalin rend l'aviation privée accessible en remplissant les vols qui repartiraient à vide, au départ de la Suisse.",
    sections: [
      {
        heading: "Nos fondateurs",
        paragraphs: [
          "JetMalin est né à Genève de la rencontre d'une pilote de ligne et d'un ancien responsable des opérations d'une compagnie d'aviation d'affaires. Ensemble, ils ont constaté qu'un vol privé sur trois repart sans aucun passager après avoir déposé ses clients.",
          "Leur idée : proposer ces sièges vides à prix réduit, avec le même niveau de sécurité et de service qu'un vol affrété, et une réservation aussi simple qu'un billet de train.",
        ],
      },
      {
        heading: "Notre impact",
        paragraphs: [
          "Un siège occupé sur un vol qui aurait décollé de toute façon, c'est un voyage de plus sans avion supplémentaire dans le ciel. Nous privilégions les turbopropulseurs Pilatus PC-12, qui consomment nettement moins qu'un jet sur les trajets courts.",
          "Nous travaillons avec des opérateurs certifiés en Suisse et dans l'Union européenne, et nous publions la probabilité de maintien de chaque vol pour que vous puissiez décider en toute transparence.",
        ],
      },
      {
        heading: "Notre mission",
        paragraphs: [
          "Offrir à chacun la liberté de l'aviation privée à un prix juste : moins d'attente, plus de temps pour l'essentiel, et des destinations que les lignes régulières ne desservent pas.",
        ],
      },
    ],
  },
  en: {
    title: "About JetMalin",
    intro:
      "JetMalin makes private aviation accessible by filling flights that would otherwise fly back empty, from Switzerland.",
    sections: [
      {
        heading: "Our founders",
        paragraphs: [
          "JetMalin was born in Geneva when an airline pilot met a former operations manager of a business aviation company. Together they noticed that one private flight in three flies back without a single passenger after dropping off its clients.",
          "Their idea: offer these empty seats at a reduced price, with the same safety and service as a chartered flight, and a booking as simple as a train ticket.",
        ],
      },
      {
        heading: "Our impact",
        paragraphs: [
          "An occupied seat on a flight that would have taken off anyway is one more journey with no extra aircraft in the sky. We favour Pilatus PC-12 turboprops, which burn far less than a jet on short routes.",
          "We work with certified operators in Switzerland and the European Union, and we publish the likelihood that each flight will go ahead so you can decide with full transparency.",
        ],
      },
      {
        heading: "Our mission",
        paragraphs: [
          "To give everyone the freedom of private aviation at a fair price: less waiting, more time for what matters, and destinations that scheduled airlines do not serve.",
        ],
      },
    ],
  },
  de: {
    title: "Über JetMalin",
    intro:
      "JetMalin macht die Privatluftfahrt zugänglich, indem es Flüge füllt, die sonst leer zurückfliegen würden – ab der Schweiz.",
    sections: [
      {
        heading: "Unsere Gründer",
        paragraphs: [
          "JetMalin entstand in Genf, als eine Linienpilotin einen ehemaligen Betriebsleiter einer Geschäftsfluggesellschaft traf. Gemeinsam stellten sie fest, dass jeder dritte Privatflug nach dem Absetzen seiner Kunden ohne einen einzigen Passagier zurückfliegt.",
          "Ihre Idee: diese leeren Sitze zu einem reduzierten Preis anbieten, mit derselben Sicherheit und demselben Service wie ein Charterflug und einer Buchung, die so einfach ist wie ein Bahnticket.",
        ],
      },
      {
        heading: "Unsere Wirkung",
        paragraphs: [
          "Ein besetzter Sitz auf einem Flug, der ohnehin gestartet wäre, ist eine Reise mehr ohne zusätzliches Flugzeug am Himmel. Wir bevorzugen Pilatus-PC-12-Turboprops, die auf kurzen Strecken deutlich weniger verbrauchen als ein Jet.",
          "Wir arbeiten mit zertifizierten Betreibern in der Schweiz und in der Europäischen Union und veröffentlichen die Durchführungswahrscheinlichkeit jedes Flugs, damit Sie in voller Transparenz entscheiden können.",
        ],
      },
      {
        heading: "Unsere Mission",
        paragraphs: [
          "Allen die Freiheit der Privatluftfahrt zu einem fairen Preis bieten: weniger Warten, mehr Zeit für das Wesentliche und Ziele, die Linienflüge nicht anfliegen.",
        ],
      },
    ],
  },
};

export const FAQ: Localized<ContentDocument> = {
  fr: {
    title: "Questions fréquentes",
    intro: "Tout ce qu'il faut savoir sur les empty legs et la réservation chez JetMalin.",
    sections: [
      {
        heading: "Qu'est-ce qu'un empty leg ?",
        paragraphs: [
          "Un vol à vide : un avion privé qui doit rejoindre sa base ou son prochain client sans passager. Nous vendons ces sièges jusqu'à 75 % moins cher qu'un affrètement classique.",
        ],
      },
      {
        heading: "Que signifie la probabilité affichée ?",
        paragraphs: [
          "Un empty leg dépend du vol principal qui l'a créé. Les étoiles indiquent la probabilité que le vol soit maintenu : de « Probabilité moindre » (1 étoile) à « Probabilité très élevée » (4 étoiles).",
        ],
      },
      {
        heading: "Comment le prix par personne est-il calculé ?",
        paragraphs: [
          "Le prix du vol est la durée multipliée par le tarif à la minute de l'appareil ; il est divisé par le nombre de places proposées sur le vol, et ne change pas quand des places sont réservées. Vous pouvez aussi réserver l'appareil entier tant qu'aucune de ses places n'est réservée.",
        ],
      },
      {
        heading: "Que se passe-t-il si le vol est annulé ?",
        paragraphs: [
          "Vous êtes prévenu dès que l'opérateur nous informe, et aucun montant ne vous est dû pour un vol qui n'a pas lieu. Nous vous proposons si possible un vol de remplacement ou un vol sur mesure.",
        ],
      },
      {
        heading: "Comment réserver ?",
        paragraphs: [
          "Choisissez un vol, cliquez sur « Réserver ce vol » et indiquez vos coordonnées. Notre équipe confirme la disponibilité et vous envoie la confirmation par email. Le paiement n'est jamais demandé avant cette confirmation.",
        ],
      },
      {
        heading: "Quels bagages puis-je emporter ?",
        paragraphs: [
          "En règle générale, un bagage souple de 15 kg par passager, plus un bagage à main. Skis, golf ou vélos : indiquez-le dans votre demande, nous vérifions avec l'opérateur.",
        ],
      },
      {
        heading: "Puis-je demander un vol qui n'est pas dans la liste ?",
        paragraphs: [
          "Oui : le vol sur mesure vous permet de choisir la date, l'itinéraire et le nombre de passagers. Nous vous envoyons un devis personnalisé.",
        ],
      },
    ],
  },
  en: {
    title: "Frequently asked questions",
    intro: "Everything you need to know about empty legs and booking with JetMalin.",
    sections: [
      {
        heading: "What is an empty leg?",
        paragraphs: [
          "An empty flight: a private aircraft that must reach its base or its next client without passengers. We sell these seats up to 75% cheaper than a regular charter.",
        ],
      },
      {
        heading: "What does the probability shown mean?",
        paragraphs: [
          "An empty leg depends on the main flight that created it. The stars show how likely the flight is to go ahead: from “Lower probability” (1 star) to “Very high probability” (4 stars).",
        ],
      },
      {
        heading: "How is the price per person calculated?",
        paragraphs: [
          "The flight price is the duration multiplied by the aircraft's rate per minute; it is divided by the number of seats offered on the flight, and does not change when seats are booked. You can also book the whole aircraft as long as none of its seats is booked.",
        ],
      },
      {
        heading: "What happens if the flight is cancelled?",
        paragraphs: [
          "You are told as soon as the operator informs us, and nothing is owed for a flight that does not take place. Where possible we offer a replacement flight or a made-to-measure flight.",
        ],
      },
      {
        heading: "How do I book?",
        paragraphs: [
          "Choose a flight, click “Book this flight” and enter your details. Our team confirms availability and emails you the confirmation. Payment is never requested before that confirmation.",
        ],
      },
      {
        heading: "What luggage can I take?",
        paragraphs: [
          "As a rule, one soft bag of 15 kg per passenger plus hand luggage. Skis, golf clubs or bikes: mention them in your request and we check with the operator.",
        ],
      },
      {
        heading: "Can I request a flight that is not listed?",
        paragraphs: [
          "Yes: a made-to-measure flight lets you choose the date, the route and the number of passengers. We send you a personalised quote.",
        ],
      },
    ],
  },
  de: {
    title: "Häufige Fragen",
    intro: "Alles Wissenswerte über Empty Legs und die Buchung bei JetMalin.",
    sections: [
      {
        heading: "Was ist ein Empty Leg?",
        paragraphs: [
          "Ein Leerflug: ein Privatflugzeug, das ohne Passagiere zu seiner Basis oder zum nächsten Kunden fliegen muss. Wir verkaufen diese Sitze bis zu 75 % günstiger als einen klassischen Charter.",
        ],
      },
      {
        heading: "Was bedeutet die angezeigte Wahrscheinlichkeit?",
        paragraphs: [
          "Ein Empty Leg hängt vom Hauptflug ab, der ihn erzeugt hat. Die Sterne zeigen, wie wahrscheinlich der Flug durchgeführt wird: von «Geringere Wahrscheinlichkeit» (1 Stern) bis «Sehr hohe Wahrscheinlichkeit» (4 Sterne).",
        ],
      },
      {
        heading: "Wie wird der Preis pro Person berechnet?",
        paragraphs: [
          "Der Flugpreis ist die Dauer multipliziert mit dem Minutentarif des Flugzeugs; er wird durch die Zahl der auf dem Flug angebotenen Plätze geteilt und ändert sich nicht, wenn Plätze reserviert werden. Sie können auch das ganze Flugzeug buchen, solange keiner seiner Plätze reserviert ist.",
        ],
      },
      {
        heading: "Was passiert, wenn der Flug annulliert wird?",
        paragraphs: [
          "Sie werden informiert, sobald der Betreiber uns benachrichtigt, und für einen nicht durchgeführten Flug schulden Sie nichts. Wenn möglich bieten wir einen Ersatzflug oder einen massgeschneiderten Flug an.",
        ],
      },
      {
        heading: "Wie buche ich?",
        paragraphs: [
          "Wählen Sie einen Flug, klicken Sie auf «Diesen Flug buchen» und geben Sie Ihre Daten ein. Unser Team bestätigt die Verfügbarkeit und sendet Ihnen die Bestätigung per E-Mail. Eine Zahlung wird nie vor dieser Bestätigung verlangt.",
        ],
      },
      {
        heading: "Welches Gepäck darf ich mitnehmen?",
        paragraphs: [
          "In der Regel eine weiche Tasche von 15 kg pro Passagier plus Handgepäck. Ski, Golfausrüstung oder Velos: Geben Sie sie in Ihrer Anfrage an, wir klären es mit dem Betreiber.",
        ],
      },
      {
        heading: "Kann ich einen Flug anfragen, der nicht aufgeführt ist?",
        paragraphs: [
          "Ja: Mit einem massgeschneiderten Flug wählen Sie Datum, Strecke und Anzahl Passagiere. Wir senden Ihnen eine persönliche Offerte.",
        ],
      },
    ],
  },
};

export const CUSTOM_FLIGHTS: Localized<ContentDocument> = {
  fr: {
    title: "Vols sur mesure",
    intro:
      "Votre itinéraire, votre horaire, votre avion : nous organisons le vol privé qui vous correspond, au départ de Genève ou de Lausanne.",
    sections: [
      {
        heading: "Comment ça marche",
        paragraphs: [
          "Indiquez votre ville de départ, votre destination, la date et le nombre de passagers (jusqu'à 8). Notre équipe vous répond avec un devis ferme, généralement dans la journée.",
        ],
      },
      {
        heading: "Le bon appareil pour chaque trajet",
        paragraphs: [
          "Un Pilatus PC-12 pour les trajets courts et les pistes de montagne, un PC-24 ou un Citation CJ2 pour aller plus vite et plus loin. Nous choisissons avec vous l'appareil le plus adapté.",
        ],
      },
      {
        heading: "Aller-retour et flexibilité",
        paragraphs: [
          "Horaires flexibles, choix du nombre de places, service personnalisé et option aller-retour : le vol sur mesure s'adapte à votre agenda, et non l'inverse.",
        ],
      },
    ],
  },
  en: {
    title: "Made-to-measure flights",
    intro:
      "Your route, your schedule, your aircraft: we organise the private flight that suits you, from Geneva or Lausanne.",
    sections: [
      {
        heading: "How it works",
        paragraphs: [
          "Tell us your departure city, your destination, the date and the number of passengers (up to 8). Our team answers with a firm quote, usually the same day.",
        ],
      },
      {
        heading: "The right aircraft for each trip",
        paragraphs: [
          "A Pilatus PC-12 for short trips and mountain runways, a PC-24 or a Citation CJ2 to go faster and further. We choose the best-suited aircraft with you.",
        ],
      },
      {
        heading: "Round trips and flexibility",
        paragraphs: [
          "Flexible times, your choice of seats, personalised service and a round-trip option: a made-to-measure flight fits your diary, not the other way round.",
        ],
      },
    ],
  },
  de: {
    title: "Massgeschneiderte Flüge",
    intro:
      "Ihre Strecke, Ihr Zeitplan, Ihr Flugzeug: Wir organisieren den Privatflug, der zu Ihnen passt, ab Genf oder Lausanne.",
    sections: [
      {
        heading: "So funktioniert es",
        paragraphs: [
          "Nennen Sie uns Abflugort, Ziel, Datum und Anzahl Passagiere (bis zu 8). Unser Team antwortet mit einer verbindlichen Offerte, meist noch am selben Tag.",
        ],
      },
      {
        heading: "Das richtige Flugzeug für jede Reise",
        paragraphs: [
          "Ein Pilatus PC-12 für kurze Strecken und Bergpisten, ein PC-24 oder ein Citation CJ2, um schneller und weiter zu fliegen. Wir wählen mit Ihnen das passende Flugzeug.",
        ],
      },
      {
        heading: "Hin- und Rückflug und Flexibilität",
        paragraphs: [
          "Flexible Zeiten, freie Wahl der Plätze, persönlicher Service und Option Hin- und Rückflug: Der massgeschneiderte Flug passt sich Ihrem Kalender an, nicht umgekehrt.",
        ],
      },
    ],
  },
};

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
          `Réservations : ${kept("anonymousOrders", "fr")} après la fin de l'année du vol, pour nos obligations comptables (art. 958f CO) ; ensuite, les coordonnées et les noms des passagers d'une réservation faite sans compte sont anonymisés (le montant, le vol et les dates restent). Les réservations faites avec un compte restent visibles dans votre profil tant que le compte existe. Les liens reçus par email pour consulter une réservation cessent de fonctionner ${kept("orderLinks", "fr")} après le vol.`,
          `Compte : jusqu'à ce que vous le supprimiez ; un compte dont l'adresse email n'a jamais été confirmée est supprimé ${kept("unconfirmedAccounts", "fr")} après l'inscription.`,
          "Sessions de connexion et liens à usage unique (confirmation, réinitialisation du mot de passe) : effacés dès leur expiration ; compteurs de protection contre les abus : à la fin de leur période.",
          `Emails envoyés : ${kept("sentMailContent", "fr")} ; ensuite, leur contenu et l'adresse du destinataire sont effacés.`,
          `Notifications lues : ${kept("readNotifications", "fr")} ; liste des alertes de vol envoyées : ${kept("alertDeliveries", "fr")} après l'alerte, une fois le vol parti.`,
          `Demandes de vol exclusif ou sur mesure : ${kept("requests", "fr")}.`,
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
          `Bookings: ${kept("anonymousOrders", "en")} after the end of the year of the flight, for our accounting obligations (Swiss Code of Obligations, art. 958f); after that, the contact details and passenger names of a booking made without an account are anonymised (amount, flight and dates remain). Bookings made with an account stay visible in your profile for as long as the account exists. The links you received by email to view a booking stop working ${kept("orderLinks", "en")} after the flight.`,
          `Account: until you delete it; an account whose email address was never confirmed is deleted ${kept("unconfirmedAccounts", "en")} after sign-up.`,
          "Sign-in sessions and one-time links (confirmation, password reset): erased as soon as they expire; abuse-protection counters: at the end of their period.",
          `Sent emails: ${kept("sentMailContent", "en")}; after that, their content and the recipient's address are erased.`,
          `Read notifications: ${kept("readNotifications", "en")}; the list of flight alerts sent: ${kept("alertDeliveries", "en")} after the alert, once the flight has left.`,
          `Exclusive and made-to-measure flight requests: ${kept("requests", "en")}.`,
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
          `Buchungen: ${kept("anonymousOrders", "de")} ab Ende des Jahres des Flugs, für unsere Buchführungspflichten (Art. 958f OR); danach werden die Kontaktdaten und die Passagiernamen einer ohne Konto getätigten Buchung anonymisiert (Betrag, Flug und Daten bleiben). Mit einem Konto getätigte Buchungen bleiben in Ihrem Profil sichtbar, solange das Konto besteht. Die per E-Mail erhaltenen Links zu einer Buchung funktionieren ${kept("orderLinks", "de")} nach dem Flug nicht mehr.`,
          `Konto: bis Sie es löschen; ein Konto, dessen E-Mail-Adresse nie bestätigt wurde, wird ${kept("unconfirmedAccounts", "de")} nach der Registrierung gelöscht.`,
          "Anmeldesitzungen und Einmal-Links (Bestätigung, Zurücksetzen des Passworts): gelöscht, sobald sie ablaufen; Zähler zum Schutz vor Missbrauch: am Ende ihres Zeitfensters.",
          `Versendete E-Mails: ${kept("sentMailContent", "de")}; danach werden ihr Inhalt und die Empfängeradresse gelöscht.`,
          `Gelesene Benachrichtigungen: ${kept("readNotifications", "de")}; die Liste der gesendeten Flugalarme: ${kept("alertDeliveries", "de")} nach dem Alarm, sobald der Flug gestartet ist.`,
          `Anfragen für Exklusiv- und massgeschneiderte Flüge: ${kept("requests", "de")}.`,
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
        heading: "Annulation par le client",
        paragraphs: [
          "Jusqu'à 7 jours avant le départ : 30 % du prix ; entre 7 jours et 48 heures : 60 % ; moins de 48 heures : 100 %.",
        ],
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
        heading: "Cancellation by the customer",
        paragraphs: [
          "Up to 7 days before departure: 30% of the price; between 7 days and 48 hours: 60%; less than 48 hours: 100%.",
        ],
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
        heading: "Annullierung durch den Kunden",
        paragraphs: [
          "Bis 7 Tage vor Abflug: 30 % des Preises; zwischen 7 Tagen und 48 Stunden: 60 %; weniger als 48 Stunden: 100 %.",
        ],
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

export const COOKIES: Localized<ContentDocument> = {
  fr: {
    title: "Politique des cookies",
    intro:
      "Nous utilisons uniquement les cookies nécessaires au fonctionnement du site, sauf si vous acceptez les autres catégories ci-dessous.",
    sections: [
      {
        heading: "Qu'est-ce qu'un cookie ?",
        paragraphs: [
          "Un petit fichier enregistré par votre navigateur, qui permet par exemple de garder votre session ouverte ou de retenir votre langue.",
        ],
      },
      {
        heading: "Vos choix",
        paragraphs: [
          "Les cookies essentiels sont toujours actifs. Les cookies d'analyse et de marketing ne sont déposés qu'avec votre accord, que vous pouvez modifier à tout moment ci-dessous. À ce jour, aucun outil d'analyse ni de marketing n'est chargé sur le site.",
        ],
      },
    ],
  },
  en: {
    title: "Cookie policy",
    intro: "We only use the cookies the website needs to work, unless you accept the other categories below.",
    sections: [
      {
        heading: "What is a cookie?",
        paragraphs: [
          "A small file stored by your browser, which for example keeps you signed in or remembers your language.",
        ],
      },
      {
        heading: "Your choices",
        paragraphs: [
          "Essential cookies are always on. Analytics and marketing cookies are only set with your consent, which you can change at any time below. At present no analytics or marketing tool is loaded on the website.",
        ],
      },
    ],
  },
  de: {
    title: "Cookie-Richtlinie",
    intro:
      "Wir verwenden nur die für den Betrieb der Website nötigen Cookies, ausser Sie akzeptieren die anderen Kategorien unten.",
    sections: [
      {
        heading: "Was ist ein Cookie?",
        paragraphs: [
          "Eine kleine Datei, die Ihr Browser speichert, um zum Beispiel Ihre Sitzung offen zu halten oder Ihre Sprache zu merken.",
        ],
      },
      {
        heading: "Ihre Wahl",
        paragraphs: [
          "Essenzielle Cookies sind immer aktiv. Analyse- und Marketing-Cookies werden nur mit Ihrer Zustimmung gesetzt, die Sie unten jederzeit ändern können. Derzeit wird auf der Website kein Analyse- oder Marketingwerkzeug geladen.",
        ],
      },
    ],
  },
};

/** The cookie policy's date (traveller.md section 2). */
/** The cookie policy's date: the spec's numeric French form, each other language its own. */
export const COOKIES_LAST_UPDATED: Record<Language, string> = {
  fr: "13.03.2025",
  en: formatDayKey("2025-03-13", "en"),
  de: formatDayKey("2025-03-13", "de"),
};
