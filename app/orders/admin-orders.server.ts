/** The back-office order list (/admin/orders): its page of orders and each order's history, read as the queries give them. */
export { ORDERS_PAGE_SIZE, listOrders } from "./admin-orders.queries.server";
export { listOrderEvents } from "./order-life.queries.server";
