// Shapes the browser needs too: components import these, never a `.server` module.

export type UnavailableReason = "cancelled" | "departed" | "soldOut";
