/**
 * The field rules every form shares, defined once: the
 * account forms (auth namespace messages) and the request forms (catalogue namespace)
 * pass their own message keys. Pure, for the server and the browser alike.
 */
import { z } from "#app/utils/zod";
import { MAX_EMAIL, MAX_ID, MAX_PHONE } from "./limits";

/**
 * The spec's basic pattern (text, an at-sign, a domain with a dot, a suffix of 2+
 * letters, any case), in zod's stricter reading, which is also what the mail outbox
 * accepts: an address the form takes can always be mailed.
 */
export const EMAIL_PATTERN = z.regexes.email;
/** An optional plus, then at least 10 digits, spaces, dashes or brackets. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

/**
 * A day of the calendar written "YYYY-MM-DD": the pattern alone lets 2026-13-45 or
 * 2026-02-30 through, which the date arithmetic then cannot place.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Messages = { required: string; invalid: string; tooLong: string };

/** A required text: missing, blank or too long each give their message. */
export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A required email: missing or blank gives `required`, a bad pattern `invalid`. */
export const emailField = ({ required, invalid, tooLong }: Messages) =>
  requiredText(required, MAX_EMAIL, tooLong).regex(EMAIL_PATTERN, invalid);

/** A phone number: missing gives `required`, a bad pattern `invalid`. */
export const phoneField = ({ required, invalid, tooLong }: Messages) =>
  z.string({ error: required }).trim().min(1, required).max(MAX_PHONE, tooLong).regex(PHONE_PATTERN, invalid);

/** The one email normaliser: what is stored, looked up and mailed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A row's id sent by a form (an order, a flight, a user): present and not longer than ids are. */
export const idField = z.string({ error: "required" }).min(1).max(MAX_ID);

/** Where a form goes back to afterwards; checked by `safeRedirect` where it is used. */
export const redirectToField = z.string().max(2048).optional();

/** A back-office button that only says where to come back ('Sync API', 'Envoyer les alertes'). */
export const BackOfficeButtonSchema = z.object({ redirectTo: redirectToField });
