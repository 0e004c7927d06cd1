// The manifest's form, read the same in the browser and on the server (docs/orders.md 'The manifest'). Every
// field may wait: what is given is checked, what is missing is counted, so a customer saves as she goes.
import { isDocumentCountry } from "#app/content/document-countries";
import type { LuggageLimits } from "#app/content/luggage";
import { TRAVEL_DOCUMENT_KINDS } from "#app/utils/constants";
import { z } from "#app/utils/zod";

import { isCalendarDay, type ManifestProblem, manifestProblems } from "./manifest-rules";

export const MAX_MANIFEST_NAME = 80;
/** ICAO 9303's document numbers are at most 9 characters in the machine-readable zone; cards print up to 20. */
const DOCUMENT_NUMBER = /^[A-Z0-9]{5,20}$/;

/** The flight a manifest is checked against: ISO codes of both ends and the day of departure (YYYY-MM-DD). */
export type ManifestTrip = { from: string; to: string; travelDay: string };

const name = z.string().trim().max(MAX_MANIFEST_NAME, "manifest.errors.nameTooLong").optional();
const day = z.string().trim().refine(isCalendarDay, "manifest.errors.dateInvalid").optional();
const country = z.string().trim().refine(isDocumentCountry, "manifest.errors.country").optional();

const lineSchema = z.object({
  givenNames: name,
  surname: name,
  birthDate: day,
  nationality: country,
  documentKind: z.enum(TRAVEL_DOCUMENT_KINDS, { error: "manifest.errors.documentKind" }).optional(),
  documentNumber: z
    .string()
    .trim()
    .transform((value) => value.replaceAll(/[\s-]/g, "").toUpperCase())
    .refine((value) => DOCUMENT_NUMBER.test(value), "manifest.errors.documentNumber")
    .optional(),
  issuer: country,
  expiresOn: day,
  /** The line's version as the page showed it (hidden): a save in between is not overwritten. */
  version: z.number({ error: "manifest.errors.invalid" }).int().min(0).optional(),
});
export type ManifestLineInput = z.infer<typeof lineSchema>;

const FIELD_OF: Record<ManifestProblem, keyof ManifestLineInput> = {
  birthDateInvalid: "birthDate",
  birthDateAfterTravel: "birthDate",
  birthDateTooOld: "birthDate",
  expiryInvalid: "expiresOn",
  documentExpired: "expiresOn",
  passportRequired: "documentKind",
};

/** The rules of a complete line applied to what this one gives: a missing field is not (yet) a problem. */
export function lineProblems(line: ManifestLineInput, trip: ManifestTrip) {
  const problems = manifestProblems(
    {
      birthDate: line.birthDate ?? "2000-01-01",
      expiresOn: line.expiresOn ?? "9999-12-31",
      documentKind: line.documentKind ?? "passport",
      issuer: line.issuer ?? "CH",
    },
    trip,
  );
  // A date that is not a day is the field's own error ("dateInvalid"), said once.
  return problems
    .filter((problem) => problem !== "birthDateInvalid" && problem !== "expiryInvalid")
    .map((problem) => ({ field: FIELD_OF[problem], message: `manifest.errors.${problem}` }));
}

export function manifestSchema(trip: ManifestTrip, limits: LuggageLimits, travellers: number) {
  const count = (max: number, message: string) =>
    z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });
  return z
    .object({
      intent: z.literal("save", { error: "manifest.errors.invalid" }),
      passengers: z.array(lineSchema).max(travellers, { error: "manifest.errors.invalid" }).optional(),
      luggagePieces: count(limits.piecesPerPassenger * travellers, "manifest.errors.luggagePieces").optional(),
      luggageKg: count(limits.kgPerPassenger * travellers, "manifest.errors.luggageKg").optional(),
      pets: count(limits.pets, "manifest.errors.pets").optional(),
    })
    .superRefine((value, context) => {
      (value.passengers ?? []).forEach((line, index) => {
        for (const problem of lineProblems(line, trip))
          context.addIssue({ code: "custom", path: ["passengers", index, problem.field], message: problem.message });
      });
    });
}
export type ManifestForm = z.infer<ReturnType<typeof manifestSchema>>;
