// How long JetMalin keeps what it keeps, counted from what docs/privacy.md 'Retention' names: the
// privacy policy's promise, so content, and the one list the retention tasks apply.
import type { Language } from "#app/i18n";

/** A calendar period, counted in Europe/Zurich. */
export type RetentionPeriod = { days: number } | { months: number } | { years: number };

/**
 * Swiss CO art. 958f: vouchers are kept 10 years from the end of the financial (calendar) year,
 * and an order is booked at the latest in its flight's year.
 */
export const ACCOUNTING_RECORDS_PERIOD = { years: 10 } as const satisfies RetentionPeriod;

export const RETENTION = {
  sentMailContent: { days: 30 },
  readNotifications: { months: 12 },
  syncRuns: { days: 90 },
  alertDeliveries: { days: 90 },
  unconfirmedAccounts: { days: 7 },
  orderLinks: { years: 1 },
  anonymousOrders: ACCOUNTING_RECORDS_PERIOD,
  requests: { years: 2 },
  lapsedNewsletterSignUps: { days: 30 },
  devPaymentSessions: { days: 30 },
  manifests: { days: 30 },
  manifestAccess: { years: 2 },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionRule = keyof typeof RETENTION;

const INTL_UNITS = { days: "day", months: "month", years: "year" } as const;

/** "30 days", "12 mois", "10 Jahre": the period as the policy and the docs write it. */
export function formatRetentionPeriod(period: RetentionPeriod, language: Language): string {
  const [unit, amount] = Object.entries(period)[0] as [keyof typeof INTL_UNITS, number];
  return new Intl.NumberFormat(language, { style: "unit", unit: INTL_UNITS[unit], unitDisplay: "long" }).format(amount);
}
