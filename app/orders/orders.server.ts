/** An order as its page and the dashboard read it. */
export { findOrderWithFlight, listUserOrders } from "./orders.queries.server";
