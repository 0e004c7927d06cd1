import type { CustomerInfo } from "#app/db/schema";
import type { CancelReason } from "#app/utils/constants";
import type { OperatingCarrier } from "#app/utils/operating-carrier";

/**
 * What every mail about an order shows (orders/order-mails.server.ts builds it from
 * the order row): the order's own reference, its flight, and the amount it stores.
 */
export type OrderMailFlight = {
  /** The order's reference, `JM-…`. */
  reference: string;
  /** Stored city names; each mail shows them in its reader's language. */
  from: string;
  to: string;
  fromIcao: string;
  toIcao: string;
  /** ISO instant of the departure; shown in Europe/Zurich. */
  departure: string;
  aircraftType: string;
  seats: number;
  wholeAircraft: boolean;
  /** The passengers' names, when the buyer gave them. */
  passengers: string[];
  /** What the order row stores, in EUR cents. */
  amountCents: number;
  /** The operating carrier, null while unknown; absent from the mails that do not name it. */
  carrier?: OperatingCarrier | null;
};

/** A customer's mail: their name and the link to their order (a key of its own). */
export type CustomerOrderMailData = OrderMailFlight & {
  firstName: string;
  /** The order page, with this mail's own link key. */
  url: string;
};

export type OrderPlacedMailData = CustomerOrderMailData & {
  /** 'Payer maintenant': the provider's page, or the order page that opens one. */
  payUrl: string;
  /** ISO instant until which the seats are held unpaid; null when the order holds none. */
  holdExpiresAt: string | null;
};

export type OrderCompletedMailData = CustomerOrderMailData & {
  /** The flight as an .ics file, with the same key as `url`. */
  calendarUrl: string;
  /** The receipt as a PDF, with the same key as `url`; null when none was issued. */
  receiptUrl: string | null;
  /** The flight's check-in, in minutes before departure; absent from mails stored before it was per flight. */
  checkInMinutes?: number;
};

export type OrderCancelledMailData = CustomerOrderMailData & {
  /** Null only for an order cancelled before reasons were recorded. */
  reason: CancelReason | null;
  /** True when no money was taken (payment state none, failed or released). */
  nothingCharged: boolean;
  /** True when a card authorisation was released (a 'departed' order that was waiting for staff, not for payment). */
  released?: boolean;
};

/**
 * To the customer when the flight's times moved by 15 minutes or more (flights/reschedule.ts):
 * `departure` is the new departure; every instant is ISO, shown in Europe/Zurich.
 */
export type OrderRescheduledMailData = CustomerOrderMailData & {
  previousDeparture: string;
  arrival: string;
  previousArrival: string;
  /** A move of 3 hours or more: the customer may cancel free of charge from the order page. */
  freeCancellation: boolean;
  /** The updated calendar file (same UID, higher SEQUENCE), for a confirmed order; null otherwise. */
  calendarUrl: string | null;
};

/** To each staff member who validates orders, once a day: the authorisations that lapse within 24 hours. */
export type StaffCaptureDeadlinesMailData = {
  orders: Array<{
    reference: string;
    from: string;
    to: string;
    customer: string;
    amountCents: number;
    /** ISO instant of the provider's capture deadline. */
    captureBefore: string;
  }>;
  /** The back-office's processing orders, nearest deadline first. */
  adminUrl: string;
};

/** A mail to staff (STAFF_EMAIL, in French) about one order. */
export type StaffOrderMailData = OrderMailFlight & {
  customer: CustomerInfo;
  /** The order in the back-office: /admin/orders?q=<reference>. */
  adminUrl: string;
  /** ISO instant until which the seats are held unpaid (a new order). */
  holdExpiresAt: string | null;
  cancelReason: CancelReason | null;
  /** The provider's word (a capture's error, an event's amount and currency), when there is one. */
  detail: string | null;
  /** Why an authorisation could not be released, when that failed. */
  releaseError: string | null;
};

/** To the customer who cancelled (orders/cancellation-fees.ts `cancelledMoney` gives the money's words). */
export type OrderCancelledByCustomerMailData = CustomerOrderMailData & {
  money: "nothingCharged" | "refunded" | "refundPending" | "nothingBack";
  /** What the terms kept, in EUR cents (0 when nothing was charged). */
  feeCents: number;
  /** What comes back, in EUR cents: refunded, or still to be refunded. */
  refundCents: number;
  /** The credit note (PDF) once money went back, else null. */
  creditNoteUrl: string | null;
};

/** A flight offered instead of a cancelled one: its route, departure and checkout page. */
export type SimilarFlightLink = { from: string; to: string; departure: string; url: string };

export type FlightCancelledMailData = CustomerOrderMailData & {
  /** nothing: no money was taken (a pending order, or a released authorisation); refunded: on its way back; refundFailed: staff handle it. */
  money: "nothing" | "refunded" | "refundFailed";
  /** What goes back, in EUR cents. */
  refundCents: number;
  /** Upcoming flights from the same departure, soonest first. */
  similar: SimilarFlightLink[];
  /** The custom-flight request, prefilled with the route and the day. */
  customFlightUrl: string;
  /** The credit note (PDF) once money went back, else null. */
  creditNoteUrl: string | null;
};
