/**
 * How long JetMalin keeps what it keeps (docs/privacy.md 'Retention'): what the privacy
 * policy promises (app/content/documents/privacy-policy.ts), so it is content, and the one
 * list the retention tasks apply (app/privacy/retention.server.ts) and the table of
 * docs/privacy.md states (a test compares them). No server code here.
 */
import type { Language } from "#app/i18n";

/** A calendar period, counted in Europe/Zurich. */
export type RetentionPeriod = { days: number } | { months: number } | { years: number };

/**
 * Swiss CO art. 958f: accounting records and vouchers are kept 10 years from the end of
 * the financial year (the calendar year for JetMalin). An order is such a voucher, booked
 * at the latest in the year of its flight; so an anonymous order keeps its personal
 * fields until 10 years after the end of its flight's year, then they are anonymised.
 */
export const ACCOUNTING_RECORDS_PERIOD = { years: 10 } as const satisfies RetentionPeriod;

export const RETENTION = {
  /** A sent mail's recipient, subject, bodies and data, after its sending. */
  sentMailContent: { days: 30 },
  /** A notification the customer has read, after its creation. */
  readNotifications: { months: 12 },
  /** A finished feed sync, after its start. */
  syncRuns: { days: 90 },
  /** The record that a (user, flight) pair was alerted, after the alert (once the flight has left). */
  alertDeliveries: { days: 90 },
  /** An account whose address was never confirmed, after the sign-up. */
  unconfirmedAccounts: { days: 7 },
  /** The keys of an order's mailed links, after its flight's departure. */
  orderLinks: { years: 1 },
  /** An anonymous order's personal fields, after the end of its flight's year. */
  anonymousOrders: ACCOUNTING_RECORDS_PERIOD,
  /** Exclusive and made-to-measure requests, after they were sent. */
  requests: { years: 2 },
  /** A newsletter address never confirmed or unsubscribed, after the last request or the unsubscription. */
  lapsedNewsletterSignUps: { days: 30 },
  /** The payment simulator's pages (local development only), once their order is settled. */
  devPaymentSessions: { days: 30 },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionRule = keyof typeof RETENTION;

const INTL_UNITS = { days: "day", months: "month", years: "year" } as const;

/** "30 days", "12 mois", "10 Jahre": the period as the policy and the docs write it. */
export function formatRetentionPeriod(period: RetentionPeriod, language: Language): string {
  const [unit, amount] = Object.entries(period)[0] as [keyof typeof INTL_UNITS, number];
  return new Intl.NumberFormat(language, { style: "unit", unit: INTL_UNITS[unit], unitDisplay: "long" }).format(amount);
}
