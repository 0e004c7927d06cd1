/**
 * The customer dashboard's counters (docs/orders.md 'Favourites and the dashboard'), from
 * the user's orders: pure, so the rules are tested on their own.
 */
import type { OrderStatus } from "#app/utils/constants";

/** One loyalty point per this many euros of completed orders (the rule the page states). */
export const EUROS_PER_LOYALTY_POINT = 100;

type OrderForSummary = { status: OrderStatus; amountCents: number; departureDate: Date };

export function dashboardSummary<Order extends OrderForSummary>(orders: Order[], now: Date) {
  const departsLater = (order: Order) => order.departureDate.getTime() > now.getTime();
  const upcoming = orders
    .filter((order) => (order.status === "completed" || order.status === "pending") && departsLater(order))
    .sort((a, b) => a.departureDate.getTime() - b.departureDate.getTime());
  const completed = orders.filter((order) => order.status === "completed");
  const completedCents = completed.reduce((sum, order) => sum + order.amountCents, 0);
  return {
    upcoming,
    completedFlights: completed.filter((order) => !departsLater(order)).length,
    loyaltyPoints: Math.floor(completedCents / 100 / EUROS_PER_LOYALTY_POINT),
  };
}
