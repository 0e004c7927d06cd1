import type { AppLoadContext } from "@remix-run/cloudflare";

import { pushSoon } from "#app/alerts/push.server";
import type { NotificationParams, NotificationType } from "#app/db/schema";
import { flightNotificationParams } from "#app/flights/notification-params";
import { renderOutboxMail, sendStoredMail, storedMailAttempts } from "#app/mail/mail.server";
import { logError } from "#app/utils/request-log.server";

import { allowOrderMail } from "./hold-caps.server";
import { flightCancelledMailInput, flightCancelledNotice, type FlightCancelledWays } from "./order-flight-mail.server";
import { type AnyMailInput, type FoundOrder, orderMailInput, type OrderMailKind } from "./order-mails.server";
import {
  closeMessage,
  countMessageAttempt,
  listUnsentMessages,
  type OrderMessage,
  purgeSentMessages,
  sendMessageMail,
  sendMessageNotification,
} from "./order-messages.queries.server";
import { findOrderWithFlight } from "./orders.queries.server";
import { issueCreditNote, issueReceipt } from "./receipts.server";
import { isTravelMessage, type PreparedMessage, travelMessage } from "./travel-messages.server";
import type { MessageKind } from "./types";

/** The cron leaves a message this long to the service that wrote it, which sends it once its money moved. */
export const MESSAGE_GRACE_MS = 90_000;
/**
 * The placed mail ('pay before ...') waits this long for the payment, a third of the hold at most: paid by then, the
 * authorised mail tells the next step alone and the placed one is closed unsent (docs/orders.md 'Messages').
 */
export const PLACED_MAIL_DELAY_MS = 10 * 60_000;
/** A message that failed this often is given up (logged each time; the health panel's retry takes it up again). */
export const MAX_MESSAGE_ATTEMPTS = 8;
const KEEP_SENT_MS = 30 * 24 * 60 * 60_000;

const NOTIFICATIONS: Partial<Record<MessageKind, NotificationType>> = {
  notifyCancelled: "order_cancelled",
  notifyCustomerCancelled: "customer_cancelled",
  notifyFlightCancelled: "order_flight_cancelled",
};

/** The completed mail links the receipt; those that tell of a refund, the credit note. */
const DOCUMENT_ISSUERS: Partial<Record<MessageKind, typeof issueReceipt>> = {
  completed: issueReceipt,
  cancelledByCustomer: issueCreditNote,
  flightCancelled: issueCreditNote,
};

/**
 * `kinds`: only these (the queue's job for the messages before a flight, which must not send another message of the
 * order before the service that wrote it has moved its money).
 */
export async function sendOrderMessages(
  context: AppLoadContext,
  orderId: string,
  kinds?: readonly MessageKind[],
): Promise<number> {
  try {
    return await sendEach(
      context,
      await listUnsentMessages(context.db, {
        orderId,
        kinds,
        placedBefore: placedBefore(context),
        maxAttempts: MAX_MESSAGE_ATTEMPTS,
      }),
    );
  } catch (error) {
    logError("orders.messages-failed", error, { requestId: context.requestId, orderId });
    return 0;
  }
}

export async function sendDueOrderMessages(context: AppLoadContext) {
  const now = context.now().getTime();
  const due = await listUnsentMessages(context.db, {
    createdBefore: new Date(now - MESSAGE_GRACE_MS),
    placedBefore: placedBefore(context),
    maxAttempts: MAX_MESSAGE_ATTEMPTS,
    limit: 100,
  });
  const sent = await sendEach(context, due);
  await purgeSentMessages(context.db, new Date(now - KEEP_SENT_MS));
  return { due: due.length, sent };
}

function placedBefore(context: AppLoadContext) {
  const delay = Math.min(PLACED_MAIL_DELAY_MS, (context.env.HOLD_MINUTES * 60_000) / 3);
  return new Date(context.now().getTime() - delay);
}

/** One after the other, in the order they were written; how many went. */
async function sendEach(context: AppLoadContext, messages: OrderMessage[]) {
  let sent = 0;
  for (const message of messages) if (await sendMessage(context, message)) sent += 1;
  return sent;
}

async function sendMessage(context: AppLoadContext, message: OrderMessage): Promise<boolean> {
  const now = context.now();
  try {
    const kind = message.kind as MessageKind;
    const prepared = isTravelMessage(kind)
      ? await travelMessage(context, message.orderId, kind)
      : await orderMessage(context, message, kind);
    if (!prepared) {
      await closeMessage(context.db, message.id, now);
      return false;
    }
    if ("notification" in prepared) {
      await sendMessageNotification(context.db, { id: message.id, ...prepared.notification, now });
      // A cancellation or a new time of the customer's own flight is pushed as well (decision 057).
      await pushSoon(context, prepared.notification.userId);
      return true;
    }
    const mail = await renderOutboxMail(context, prepared.mail);
    const attempts = storedMailAttempts(context);
    const outboxId = await sendMessageMail(context.db, { id: message.id, mail, attempts, now });
    if (outboxId !== null) await sendStoredMail(context, { outboxId, template: mail.template });
    return outboxId !== null;
  } catch (error) {
    await countMessageAttempt(context.db, message.id).catch((countError: unknown) => {
      logError("orders.message-attempt-not-counted", countError, {
        requestId: context.requestId,
        orderId: message.orderId,
      });
    });
    logError("orders.message-failed", error, {
      requestId: context.requestId,
      orderId: message.orderId,
      kind: message.kind,
      givesUp: message.attempts + 1 >= MAX_MESSAGE_ATTEMPTS,
    });
    return false;
  }
}

/**
 * A move's message: null when the order is gone, the placed mail is capped or the order moved on (paid or cancelled:
 * the later mail tells it), or a notification has no owner.
 */
async function orderMessage(
  context: AppLoadContext,
  message: OrderMessage,
  kind: MessageKind,
): Promise<PreparedMessage> {
  const found = await findOrderWithFlight(context.db, message.orderId);
  if (!found) return null;
  if (
    kind === "placed" &&
    (found.order.status !== "pending" || !(await allowOrderMail(context, found.order.customerInfo.email)))
  )
    return null;
  const notification = NOTIFICATIONS[kind];
  if (notification) {
    if (!found.order.userId) return null;
    return {
      notification: {
        userId: found.order.userId,
        type: notification,
        params: notificationParams(found, kind),
        flightId: found.flight.id,
      },
    };
  }
  // The mail links its document: written first (once, whoever asks).
  const issue = DOCUMENT_ISSUERS[kind];
  if (issue) await issue(context, found.order.id);
  return { mail: await mailInput(context, found, kind, message.options ?? {}) };
}

function mailInput(
  context: AppLoadContext,
  found: FoundOrder,
  kind: MessageKind,
  options: Record<string, unknown>,
): Promise<AnyMailInput> {
  if (kind === "flightCancelled") return flightCancelledMailInput(context, found, options as FlightCancelledWays);
  return orderMailInput(context, found, kind as OrderMailKind, options);
}

function notificationParams(found: FoundOrder, kind: MessageKind): NotificationParams {
  const { order, flight, from, to } = found;
  const params = flightNotificationParams({
    fromCity: from.servedCity,
    toCity: to.servedCity,
    fromIcao: from.icaoCode,
    toIcao: to.icaoCode,
    departureMs: flight.departureDate.getTime(),
  });
  if (kind === "notifyFlightCancelled") return { ...params, ...flightCancelledNotice(order) };
  if (kind === "notifyCancelled") return { ...params, orderId: order.id, reason: order.cancelReason ?? undefined };
  return { ...params, orderId: order.id };
}
