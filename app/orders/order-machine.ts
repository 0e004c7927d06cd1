// The order's state machine as data: docs/orders.md 'The state machine'.
import type { CancelReason, OrderActor, OrderStatus } from "#app/utils/constants";

import type { MessageKind, OrderMove, StatusMove } from "./types";

const LIVE = ["pending", "processing", "completed"] as const satisfies readonly OrderStatus[];

export type MoneyEffect =
  | "authorise" // the provider reserved it
  | "capture" // staff take it (the capture call follows the move)
  | "keepAuthorisation" // the capture failed: the authorisation stays
  | "paidOffline" // received outside the site
  | "closePage" // nothing was taken: the provider's page is closed
  | "release" // the authorisation is released
  | "closePageOrRelease" // pending: the page closed; processing: the authorisation released
  | "refundLessFee" // released, or refunded less the terms' fee
  | "refundInFull"; // released, or refunded in full

type Transition = {
  from: readonly OrderStatus[];
  to: OrderStatus;
  by: readonly OrderActor[];
  money: MoneyEffect;
};

export const TRANSITIONS = {
  authorised: { from: ["pending"], to: "processing", by: ["provider"], money: "authorise" },
  validatedOffline: { from: ["pending"], to: "completed", by: ["staff"], money: "paidOffline" },
  captured: { from: ["processing"], to: "completed", by: ["staff"], money: "capture" },
  captureFailed: { from: ["completed"], to: "processing", by: ["provider"], money: "keepAuthorisation" },
  refused: { from: ["pending", "processing"], to: "cancelled", by: ["staff"], money: "closePageOrRelease" },
  expired: { from: ["pending"], to: "cancelled", by: ["system", "provider"], money: "closePage" },
  paymentFailed: { from: ["pending"], to: "cancelled", by: ["provider"], money: "closePage" },
  departed: { from: ["pending", "processing"], to: "cancelled", by: ["system"], money: "closePageOrRelease" },
  authorisationLapsed: { from: ["processing"], to: "cancelled", by: ["system"], money: "release" },
  customer: { from: LIVE, to: "cancelled", by: ["customer"], money: "refundLessFee" },
  flightCancelled: { from: LIVE, to: "cancelled", by: ["staff", "system"], money: "refundInFull" },
} as const satisfies Record<StatusMove, Transition>;

/** The completed mail goes with the capture's confirmation, not the move. */
export function messagesOf(move: OrderMove, from: OrderStatus | null): MessageKind[] {
  switch (move) {
    case "placed":
      return ["placed", "staffPlaced"];
    case "authorised":
      return ["authorised", "staffAuthorised"];
    case "validatedOffline":
    case "captureConfirmed":
      return ["completed"];
    case "captureFailed":
      return ["staffCaptureFailed"];
    case "refused":
    case "expired":
    case "paymentFailed":
      return ["cancelled"];
    case "departed":
      return from === "processing" ? ["cancelled", "notifyCancelled", "staffDeparted"] : ["cancelled"];
    case "authorisationLapsed":
      return ["cancelled", "notifyCancelled"];
    case "customer":
      return ["cancelledByCustomer", "notifyCustomerCancelled"];
    case "flightCancelled":
    case "feeWaived":
      return ["flightCancelled", "notifyFlightCancelled"];
    case "amountMismatch":
      return ["staffAmountMismatch"];
    case "lateAuthorisationReleased":
      return from === "cancelled" ? ["staffLatePayment"] : [];
    default:
      return [];
  }
}

export function cancelMove(reason: CancelReason): Extract<StatusMove, CancelReason> {
  return reason;
}

export function allows(move: StatusMove, from: OrderStatus, actor: OrderActor): boolean {
  const transition: Transition = TRANSITIONS[move];
  return transition.from.includes(from) && transition.by.includes(actor);
}
