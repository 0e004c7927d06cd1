import type { OrderStatus } from "#app/utils/constants";

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
