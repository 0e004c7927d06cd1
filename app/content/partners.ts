import type { Localized } from "./localized";

export type Partner = { id: string; name: string; website: string; description: Localized };

export const PARTNERS: readonly Partner[] = [
  {
    id: "pilatus",
    name: "Pilatus Aircraft",
    website: "https://www.pilatus-aircraft.com",
    description: {
      fr: "Constructeur suisse des PC-12 et PC-24 qui composent l'essentiel de notre flotte.",
      en: "Swiss manufacturer of the PC-12 and PC-24 that make up most of our fleet.",
      de: "Schweizer Hersteller der PC-12 und PC-24, die den Grossteil unserer Flotte bilden.",
    },
  },
  {
    id: "gva",
    name: "Genève Aéroport",
    website: "https://www.gva.ch",
    description: {
      fr: "Notre base principale, avec son terminal d'aviation d'affaires.",
      en: "Our main base, with its business aviation terminal.",
      de: "Unsere Hauptbasis mit ihrem Terminal für Geschäftsluftfahrt.",
    },
  },
  {
    id: "lausanne",
    name: "Aéroport de Lausanne-Blécherette",
    website: "https://www.lausanne-airport.ch",
    description: {
      fr: "Départs à dix minutes du centre de Lausanne, sans attente.",
      en: "Departures ten minutes from the centre of Lausanne, with no waiting.",
      de: "Abflüge zehn Minuten vom Zentrum Lausannes entfernt, ohne Wartezeit.",
    },
  },
  {
    id: "sion",
    name: "Sion Airport",
    website: "https://www.sionairport.ch",
    description: {
      fr: "La porte d'entrée des stations valaisannes : Verbier, Crans-Montana, Zermatt.",
      en: "The gateway to the Valais resorts: Verbier, Crans-Montana, Zermatt.",
      de: "Das Tor zu den Walliser Ferienorten: Verbier, Crans-Montana, Zermatt.",
    },
  },
  {
    id: "zurich",
    name: "Flughafen Zürich",
    website: "https://www.flughafen-zuerich.ch",
    description: {
      fr: "Nos vols au départ de la Suisse alémanique.",
      en: "Our flights from German-speaking Switzerland.",
      de: "Unsere Flüge ab der Deutschschweiz.",
    },
  },
  {
    id: "nice",
    name: "Aéroport Nice Côte d'Azur",
    website: "https://www.nice.aeroport.fr",
    description: {
      fr: "La Riviera, Monaco et Cannes à portée d'aile.",
      en: "The Riviera, Monaco and Cannes within easy reach.",
      de: "Die Riviera, Monaco und Cannes in Reichweite.",
    },
  },
  {
    id: "textron",
    name: "Textron Aviation",
    website: "https://txtav.com",
    description: {
      fr: "Constructeur des Cessna Citation, dont le CJ2 de notre flotte.",
      en: "Manufacturer of the Cessna Citation, including the CJ2 in our fleet.",
      de: "Hersteller der Cessna Citation, darunter der CJ2 unserer Flotte.",
    },
  },
  {
    id: "myswitzerland",
    name: "Suisse Tourisme",
    website: "https://www.myswitzerland.com",
    description: {
      fr: "Pour préparer votre séjour une fois posé en Suisse.",
      en: "To plan your stay once you have landed in Switzerland.",
      de: "Um Ihren Aufenthalt nach der Landung in der Schweiz zu planen.",
    },
  },
];

export const PARTNERSHIP_EMAIL = "partenaires@jetmalin.ch";
