import type { CustomerInfo } from "#app/db/schema";

/** What an order mail shows (services/checkout.server.ts builds it). */
export type OrderMailData = {
  orderId: string;
  reference: string;
  from: string;
  to: string;
  /** ISO instant of the departure; shown in Europe/Zurich. */
  departure: string;
  aircraftType: string;
  seats: number;
  wholeAircraft: boolean;
  amountEuros: number;
  customer: CustomerInfo;
  /** The confirmation page, with its access key. */
  url: string;
};
