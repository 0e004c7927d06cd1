import type { ContentDocument, Localized } from "../localized";

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
