import { z } from "#app/utils/zod";

import { MAX_EMAIL, MAX_ID, MAX_PHONE } from "./limits";

/** zod's reading, which the mail outbox also accepts: an address a form takes can always be mailed. */
export const EMAIL_PATTERN = z.regexes.email;
export const PHONE_PATTERN = /^\+?[\d\s\-()]{10,}$/;

/** The pattern alone lets 2026-02-30 through, which the date arithmetic cannot place. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Messages = { required: string; invalid: string; tooLong: string };

export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const emailField = ({ required, invalid, tooLong }: Messages) =>
  requiredText(required, MAX_EMAIL, tooLong).regex(EMAIL_PATTERN, invalid);

export const phoneField = ({ required, invalid, tooLong }: Messages) =>
  z.string({ error: required }).trim().min(1, required).max(MAX_PHONE, tooLong).regex(PHONE_PATTERN, invalid);

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const idField = z.string({ error: "required" }).min(1).max(MAX_ID);

export const redirectToField = z.string().max(2048).optional();

export const BackOfficeButtonSchema = z.object({ redirectTo: redirectToField });
