import type { Localized } from "./localized";

/** docs/catalogue.md; drawn by routes/fleet/aircraft-art.tsx. */
export type Aircraft = {
  id: string;
  name: string;
  model: string;
  /** Its ICAO type designator, as flights carry it (`flights.aircraft_type`). */
  icaoType: string;
  image: "turboprop" | "jet";
  description: Localized;
  specs: { passengers: number; rangeKm: number; speedKmh: number; altitudeFt: number };
};

export const FLEET: readonly Aircraft[] = [
  {
    id: "pc12-ngx",
    icaoType: "PC12",
    name: "Pilatus PC-12 NGX",
    model: "PC-12 NGX",
    image: "turboprop",
    description: {
      fr: "La dernière génération du PC-12, construite à Stans : cabine large et silencieuse, grands hublots et accès aux petits aérodromes de montagne comme aux pistes courtes de la Riviera.",
      en: "The latest generation of the PC-12, built in Stans: a wide, quiet cabin, large windows, and access to small mountain airfields as well as the short runways of the Riviera.",
      de: "Die neueste Generation des PC-12, gebaut in Stans: breite, leise Kabine, grosse Fenster und Zugang zu kleinen Bergflugplätzen ebenso wie zu den kurzen Pisten der Riviera.",
    },
    specs: { passengers: 6, rangeKm: 3340, speedKmh: 500, altitudeFt: 30000 },
  },
  {
    id: "pc12-ng",
    icaoType: "PC12",
    name: "Pilatus PC-12 NG",
    model: "PC-12 NG",
    image: "turboprop",
    description: {
      fr: "Le monomoteur suisse le plus répandu au monde : fiable, économique et confortable, idéal pour Genève – St-Tropez ou un week-end à Courchevel.",
      en: "The most widespread Swiss single-engine aircraft in the world: reliable, economical and comfortable, ideal for Geneva – St-Tropez or a weekend in Courchevel.",
      de: "Das weltweit meistverbreitete Schweizer Einmotorenflugzeug: zuverlässig, sparsam und komfortabel, ideal für Genf – St-Tropez oder ein Wochenende in Courchevel.",
    },
    specs: { passengers: 6, rangeKm: 3417, speedKmh: 528, altitudeFt: 30000 },
  },
  {
    id: "pc12-47e",
    icaoType: "PC12",
    name: "Pilatus PC-12/47E",
    model: "PC-12/47E",
    image: "turboprop",
    description: {
      fr: "Version éprouvée du PC-12 avec une cabine club à six fauteuils en cuir et une grande porte cargo pour vos skis, vos vélos ou vos bagages volumineux.",
      en: "A proven version of the PC-12 with a six-seat leather club cabin and a large cargo door for your skis, bikes or bulky luggage.",
      de: "Bewährte Version des PC-12 mit Clubkabine aus sechs Ledersitzen und grosser Frachttür für Ski, Velos oder sperriges Gepäck.",
    },
    specs: { passengers: 6, rangeKm: 3417, speedKmh: 528, altitudeFt: 30000 },
  },
  {
    id: "pc24",
    icaoType: "PC24",
    name: "Pilatus PC-24",
    model: "PC-24",
    image: "jet",
    description: {
      fr: "Le « Super Versatile Jet » : la vitesse d'un biréacteur, la cabine la plus haute de sa catégorie et la capacité d'atterrir sur des pistes courtes. Jusqu'à huit passagers.",
      en: "The “Super Versatile Jet”: the speed of a twin jet, the tallest cabin in its class and the ability to land on short runways. Up to eight passengers.",
      de: "Der «Super Versatile Jet»: die Geschwindigkeit eines Zweistrahlers, die höchste Kabine seiner Klasse und die Fähigkeit, auf kurzen Pisten zu landen. Bis zu acht Passagiere.",
    },
    specs: { passengers: 8, rangeKm: 3704, speedKmh: 815, altitudeFt: 45000 },
  },
  {
    id: "citation-cj2",
    icaoType: "C25A",
    name: "Cessna Citation CJ2",
    model: "Citation CJ2",
    image: "jet",
    description: {
      fr: "Un jet léger rapide et agile, parfait pour les allers-retours d'affaires en Europe : Genève – Londres ou Zurich – Milan en un peu plus d'une heure.",
      en: "A fast and nimble light jet, perfect for business round trips in Europe: Geneva – London or Zurich – Milan in little more than an hour.",
      de: "Ein schneller, wendiger Leichtjet, perfekt für Geschäftsreisen in Europa: Genf – London oder Zürich – Mailand in gut einer Stunde.",
    },
    specs: { passengers: 6, rangeKm: 2963, speedKmh: 774, altitudeFt: 45000 },
  },
];

/** A type designator's name: the PC-12's three versions share one (PC12), which names the family. */
const TYPE_NAMES: Record<string, string> = { PC12: "Pilatus PC-12" };

/** "Pilatus PC-24" for PC24; a type the fleet does not know is named by its designator. */
export function aircraftTypeName(icaoType: string): string {
  const code = icaoType.trim().toUpperCase();
  const versions = FLEET.filter((aircraft) => aircraft.icaoType === code);
  return TYPE_NAMES[code] ?? (versions.length === 1 ? versions[0]!.name : code);
}

export const SWIPE_THRESHOLD_PX = 75;
