import type { CancelReason, OrderStatus } from "#app/utils/constants";

type Outlook = { status: OrderStatus; cancelReason: CancelReason | null };

/** Thanks only while the order lives; once cancelled, the heading says what ended it. Also the page's title. */
export function orderHeadingKey({ status, cancelReason }: Outlook) {
  if (status === "completed") return "order.titleCompleted";
  if (status !== "cancelled") return "order.titleOther";
  return `order.heading.cancelled.${cancelReason ?? "other"}`;
}

/** What the customer can do now: pay, wait, travel, or book again (this flight while it still can be, or another). */
export function nextStepsKey({ status, cancelReason }: Outlook, rebookable: boolean) {
  if (status === "completed") return "order.next.completed";
  if (status === "pending") return "order.next.pending";
  if (status === "processing") return "order.next.other";
  if (cancelReason === "flightCancelled") return "order.next.flightCancelled";
  return rebookable ? "order.next.bookAgain" : "order.next.cancelled";
}

/** An order that ended unpaid may be placed again on its flight, while the flight is still on sale. */
export const REBOOKABLE_REASONS: readonly CancelReason[] = ["expired", "paymentFailed"];
