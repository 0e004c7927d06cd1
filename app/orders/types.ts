/** Shapes of the orders domain that the browser needs too (components import these, never a `.server` module). */

/** Why a flight cannot be booked now (checkout.server.ts `unavailableReason`). */
export type UnavailableReason = "cancelled" | "departed" | "soldOut";
