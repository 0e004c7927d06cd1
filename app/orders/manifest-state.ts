// What the back-office says of an order's manifest (docs/orders.md 'The manifest'): pure, so the orders tab
// and a flight's manifest page say it alike.

export type ManifestState =
  { kind: "complete"; missing: 0 } | { kind: "missing"; missing: number } | { kind: "locked"; missing: number };

/** Locked once the customer's deadline has passed, whatever is still missing; until then, complete or not. */
export function manifestStateOf(missing: number, locked: boolean): ManifestState {
  if (locked) return { kind: "locked", missing };
  return missing === 0 ? { kind: "complete", missing: 0 } : { kind: "missing", missing };
}

/** A passenger's fields in the order the page, the CSV and the PDF give them. */
export const MANIFEST_FIELDS = [
  "givenNames",
  "surname",
  "birthDate",
  "nationality",
  "documentKind",
  "documentNumber",
  "issuer",
  "expiresOn",
] as const;
export type ManifestField = (typeof MANIFEST_FIELDS)[number];

/** A passenger's line as staff read it: a field not given yet is undefined. */
export type ManifestLineView = Partial<Record<ManifestField, string>>;

/** One live booking of a flight, its lines opened. */
export type ManifestBooking = {
  orderId: string;
  reference: string;
  state: ManifestState;
  lines: ManifestLineView[];
  luggagePieces: number | null;
  luggageKg: number | null;
  pets: number | null;
};

/** A YYYY-MM-DD day as the back-office writes dates (dd/MM/yyyy); anything else as it is. */
export function formatManifestDay(day: string | undefined): string | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
