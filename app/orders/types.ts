// Shapes the browser needs too: components import these, never a `.server` module.

export type UnavailableReason = "cancelled" | "departed" | "soldOut";

/** A move of an order's status: app/orders/order-machine.ts says from where, by whom, with what money. */
export type StatusMove =
  | "authorised"
  | "validatedOffline"
  | "captured"
  | "captureFailed"
  | "refused"
  | "expired"
  | "paymentFailed"
  | "departed"
  | "authorisationLapsed"
  | "customer"
  | "flightCancelled";

/** A history row that moves the money or records a fact, the status unchanged. */
export type PaymentMove =
  | "captureConfirmed"
  | "lateAuthorisationReleased"
  | "amountMismatch"
  | "releaseFailed"
  | "refunded"
  | "refundFailed"
  | "refundManual"
  | "refundConfirmed"
  | "authorisationReleased"
  | "feeWaived";

export type OrderMove = "placed" | StatusMove | PaymentMove;

/** What a move tells: a customer's mail, a staff mail, or a notification to the order's owner. */
export type MessageKind =
  | "placed"
  | "authorised"
  | "completed"
  | "cancelled"
  | "cancelledByCustomer"
  | "flightCancelled"
  | "rescheduled"
  | "staffPlaced"
  | "staffAuthorised"
  | "staffLatePayment"
  | "staffAmountMismatch"
  | "staffCaptureFailed"
  | "staffDeparted"
  | "notifyCancelled"
  | "notifyCustomerCancelled"
  | "notifyFlightCancelled"
  // Written by the cron before a flight, each once per order (docs/orders.md 'Before the flight').
  | "manifestReminder72"
  | "manifestReminder30"
  | "travelDay"
  | "notifyManifestReminder72"
  | "notifyManifestReminder30"
  | "notifyTravelDay";
