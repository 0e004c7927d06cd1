// What makes a passenger's line of the manifest acceptable (docs/decisions/048-travel-documents.md):
// a real date of birth, a document valid on the day of travel, and a passport wherever an
// identity card is not enough. Pure, so the browser can say it before the server does.
import { identityCardAccepted } from "#app/content/travel-areas";

export type TravelDocumentKind = "passport" | "identityCard";

export type ManifestLine = {
  /** YYYY-MM-DD. */
  birthDate: string;
  documentKind: TravelDocumentKind;
  /** ISO 3166 code of the state that issued the document. */
  issuer: string;
  /** YYYY-MM-DD: the last day the document is valid. */
  expiresOn: string;
};

export type ManifestProblem =
  | "birthDateInvalid"
  | "birthDateAfterTravel"
  | "birthDateTooOld"
  | "expiryInvalid"
  | "documentExpired"
  | "passportRequired";

/** Nobody boards older than this: a date further back is a typing error. */
const MAX_AGE_YEARS = 120;

/** True for a YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The problems of one line for a flight from `from` to `to` (ISO codes) on `travelDay` (YYYY-MM-DD, at departure). */
export function manifestProblems(
  line: ManifestLine,
  { from, to, travelDay }: { from: string; to: string; travelDay: string },
): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  if (!isCalendarDay(line.birthDate)) problems.push("birthDateInvalid");
  else if (line.birthDate > travelDay) problems.push("birthDateAfterTravel");
  else if (line.birthDate < `${Number(travelDay.slice(0, 4)) - MAX_AGE_YEARS}${travelDay.slice(4)}`)
    problems.push("birthDateTooOld");
  if (!isCalendarDay(line.expiresOn)) problems.push("expiryInvalid");
  else if (line.expiresOn < travelDay) problems.push("documentExpired");
  if (line.documentKind === "identityCard" && !identityCardAccepted({ from, to, issuer: line.issuer }))
    problems.push("passportRequired");
  return problems;
}
