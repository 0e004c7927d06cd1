// docs/catalogue.md. Day and time texts are catalogue keys (`exclusive.days.*`, `exclusive.times.*`).
export type ExclusiveFlight = {
  id: string;
  type: "one-way" | "round-trip";
  departure: string;
  arrival: string;
  departureDay: WeekDay;
  departureTime: ExclusiveTime;
  returnDay?: WeekDay;
  returnTime?: ExclusiveTime;
  /** Whole euros for the whole aircraft. */
  price: number;
  /** Artwork key of app/content/cities.ts. */
  image: string;
};

export type WeekDay = "friday" | "monday";
type ExclusiveTime = "toBeDefined" | "morningSlot";

export const EXCLUSIVE_AIRCRAFT = { name: "PC-12", seats: 6 } as const;

export const EXCLUSIVE_FLIGHTS: readonly ExclusiveFlight[] = [
  {
    id: "geneva-sttropez",
    type: "one-way",
    departure: "Genève",
    arrival: "St-Tropez",
    departureDay: "friday",
    departureTime: "toBeDefined",
    price: 5500,
    image: "st-tropez",
  },
  {
    id: "sttropez-geneva",
    type: "one-way",
    departure: "St-Tropez",
    arrival: "Genève",
    departureDay: "monday",
    departureTime: "morningSlot",
    price: 5500,
    image: "geneve",
  },
  {
    id: "geneva-sttropez-geneva",
    type: "round-trip",
    departure: "Genève",
    arrival: "St-Tropez",
    departureDay: "friday",
    departureTime: "toBeDefined",
    returnDay: "monday",
    returnTime: "morningSlot",
    price: 10500,
    image: "st-tropez",
  },
];

export function findExclusiveFlight(id: string | undefined): ExclusiveFlight | undefined {
  return EXCLUSIVE_FLIGHTS.find((flight) => flight.id === id);
}
