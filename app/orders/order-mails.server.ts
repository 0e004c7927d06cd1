// Every mail about an order (docs/orders.md 'Messages'), the order read again so a mail shows what its row stores.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { sendMail, type SendMailInput, type SendMailResult } from "#app/mail/mail.server";
import type { PaymentState, ReceiptKind } from "#app/utils/constants";
import { operatingCarrier } from "#app/utils/operating-carrier";
import { backOfficeOrderPath, orderCalendarPath, orderPagePath, orderReceiptPath } from "#app/utils/order-urls";
import { absoluteUrl } from "#app/utils/urls";
import type { OrderMailFlight } from "#emails/orders/order-mail-data";
import type { MailTemplateName } from "#emails/registry";

import { cancelledMoney } from "./cancellation-fees";
import { orderAudienceLanguage } from "./order-language";
import { createOrderLink } from "./order-life.queries.server";
import { listLatestOrderEvents } from "./order-mails.queries.server";
import { findOrderWithFlight } from "./orders.queries.server";
import { orderReceiptKinds } from "./receipts.server";
import type { OrderMove } from "./types";

export const CUSTOMER_ORDER_MAILS = [
  "placed",
  "authorised",
  "completed",
  "cancelled",
  "cancelledByCustomer",
  "rescheduled",
] as const;
export const STAFF_ORDER_MAILS = [
  "staffPlaced",
  "staffAuthorised",
  "staffLatePayment",
  "staffAmountMismatch",
  "staffCaptureFailed",
  "staffDeparted",
] as const;
export type CustomerOrderMail = (typeof CUSTOMER_ORDER_MAILS)[number];
export type StaffOrderMail = (typeof STAFF_ORDER_MAILS)[number];
export type OrderMailKind = CustomerOrderMail | StaffOrderMail;

export type OrderMailOptions = {
  payUrl?: string;
  detail?: string;
  /** rescheduled: the times before the change (the row holds the new ones). */
  previous?: { departure: Date; arrival: Date };
};

const STAFF_LANGUAGE = "fr";
const NOTHING_CHARGED: ReadonlySet<PaymentState> = new Set(["none", "failed", "released"]);
const STAFF_EVENT: Partial<Record<StaffOrderMail, { move: OrderMove; releases: boolean }>> = {
  staffLatePayment: { move: "lateAuthorisationReleased", releases: true },
  staffAmountMismatch: { move: "amountMismatch", releases: true },
  staffCaptureFailed: { move: "captureFailed", releases: false },
};
/** A failed release is written within moments of the event it belongs to. */
const RELEASE_WINDOW_MS = 60_000;

export type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithFlight>>>;

/** A delivery failure is returned, never thrown (the outbox retries it); null when the order does not exist. */
export async function sendOrderMail(
  context: AppLoadContext,
  orderId: string,
  kind: OrderMailKind,
  options: OrderMailOptions = {},
): Promise<SendMailResult | null> {
  const found = await findOrderWithFlight(context.db, orderId);
  if (!found) return null;
  return sendMail(context, await orderMailInput(context, found, kind, options));
}

export type AnyMailInput = { [Name in MailTemplateName]: SendMailInput<Name> }[MailTemplateName];
const mailInput = <Name extends MailTemplateName>(input: SendMailInput<Name>) => input as AnyMailInput;

export function orderMailInput(
  context: AppLoadContext,
  found: FoundOrder,
  kind: OrderMailKind,
  options: OrderMailOptions = {},
): Promise<AnyMailInput> {
  return isStaffMail(kind)
    ? staffMailInput(context, found, kind, options)
    : customerMailInput(context, found, kind, options);
}

function isStaffMail(kind: OrderMailKind): kind is StaffOrderMail {
  return (STAFF_ORDER_MAILS as readonly string[]).includes(kind);
}

export function mailFlight({ order, flight, from, to }: FoundOrder): OrderMailFlight {
  return {
    reference: order.reference ?? order.id,
    from: from.servedCity,
    to: to.servedCity,
    fromIcao: from.icaoCode,
    toIcao: to.icaoCode,
    departure: flight.departureDate.toISOString(),
    aircraftType: flight.aircraftType,
    seats: order.seats,
    wholeAircraft: order.wholeAircraft,
    passengers: (order.passengers ?? []).filter((name) => name.trim() !== ""),
    amountCents: order.amountCents,
  };
}

async function customerMailInput(
  context: AppLoadContext,
  found: FoundOrder,
  kind: CustomerOrderMail,
  options: OrderMailOptions,
) {
  const { order } = found;
  const linkKey = await createOrderLink(context.db, order.id);
  const data = {
    ...mailFlight(found),
    firstName: order.customerInfo.firstName,
    url: absoluteUrl(context.env.APP_URL, orderPagePath(order.id, linkKey)),
  };
  const mail = { to: order.customerInfo.email, locale: orderAudienceLanguage(found) };
  // The booking's mails name who operates the flight (docs/orders.md 'The operating carrier').
  const carrier = operatingCarrier(found.flight);
  switch (kind) {
    case "placed":
      return mailInput({
        ...mail,
        template: "orders/placed",
        data: {
          ...data,
          carrier,
          payUrl: options.payUrl ?? data.url,
          holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
        },
      });
    case "authorised":
      return mailInput({ ...mail, template: "orders/authorised", data: { ...data, carrier } });
    case "completed":
      return mailInput({
        ...mail,
        template: "orders/completed",
        data: {
          ...data,
          carrier,
          checkInMinutes: found.flight.checkInMinutes,
          calendarUrl: absoluteUrl(context.env.APP_URL, orderCalendarPath(order.id, linkKey)),
          receiptUrl: await documentUrl(context, order.id, "receipt", linkKey),
        },
      });
    case "cancelled":
      return mailInput({
        ...mail,
        template: "orders/cancelled",
        data: {
          ...data,
          reason: order.cancelReason,
          nothingCharged: NOTHING_CHARGED.has(order.paymentState),
          released: order.paymentState === "released",
        },
      });
    case "cancelledByCustomer": {
      const money = cancelledMoney(order);
      return mailInput({
        ...mail,
        template: "orders/cancelled-by-customer",
        data: {
          ...data,
          money: money.kind,
          feeCents: money.feeCents,
          refundCents: money.refundCents,
          creditNoteUrl: await documentUrl(context, order.id, "creditNote", linkKey),
        },
      });
    }
    case "rescheduled": {
      const arrival = found.flight.arrivalDate ?? found.flight.departureDate;
      const previous = options.previous ?? { departure: found.flight.departureDate, arrival };
      return mailInput({
        ...mail,
        template: "orders/rescheduled",
        data: {
          ...data,
          previousDeparture: previous.departure.toISOString(),
          arrival: arrival.toISOString(),
          previousArrival: previous.arrival.toISOString(),
          freeCancellation: order.freeCancellation,
          calendarUrl:
            order.status === "completed"
              ? absoluteUrl(context.env.APP_URL, orderCalendarPath(order.id, linkKey))
              : null,
        },
      });
    }
  }
}

/** The document's link for the mail, once it was issued (the sender issues it before rendering). */
export async function documentUrl(context: AppLoadContext, orderId: string, kind: ReceiptKind, linkKey: string) {
  if (!(await orderReceiptKinds(context, orderId)).includes(kind)) return null;
  return absoluteUrl(context.env.APP_URL, orderReceiptPath(orderId, kind, linkKey));
}

const STAFF_TEMPLATES = {
  staffPlaced: "orders/staff-placed",
  staffAuthorised: "orders/staff-authorised",
  staffLatePayment: "orders/staff-late-payment",
  staffAmountMismatch: "orders/staff-amount-mismatch",
  staffCaptureFailed: "orders/staff-capture-failed",
  staffDeparted: "orders/staff-departed",
} as const satisfies Record<StaffOrderMail, string>;

async function staffMailInput(
  context: AppLoadContext,
  found: FoundOrder,
  kind: StaffOrderMail,
  options: OrderMailOptions,
) {
  const { order } = found;
  const flight = mailFlight(found);
  const facts = await staffEventFacts(context, order.id, kind);
  return mailInput({
    to: context.env.STAFF_EMAIL,
    locale: STAFF_LANGUAGE,
    template: STAFF_TEMPLATES[kind],
    data: {
      ...flight,
      customer: order.customerInfo,
      adminUrl: absoluteUrl(context.env.APP_URL, backOfficeOrderPath(flight.reference)),
      holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
      cancelReason: order.cancelReason,
      detail: options.detail ?? facts.detail,
      releaseError: facts.releaseError,
    },
  });
}

async function staffEventFacts(context: AppLoadContext, orderId: string, kind: StaffOrderMail) {
  const event = STAFF_EVENT[kind];
  if (!event) return { detail: null, releaseError: null };
  const rows = await listLatestOrderEvents(context.db, orderId);
  const row = rows.find((candidate) => candidate.move === event.move);
  const failedRelease =
    event.releases && row
      ? rows.find(
          (candidate) =>
            candidate.move === "releaseFailed" &&
            Math.abs(candidate.createdAt.getTime() - row.createdAt.getTime()) <= RELEASE_WINDOW_MS,
        )
      : undefined;
  return { detail: row?.detail ?? null, releaseError: failedRelease ? (failedRelease.detail ?? "?") : null };
}
