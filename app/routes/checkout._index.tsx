import { redirect } from "@remix-run/cloudflare";

/**
 * /checkout without a flight: the empty-leg list, where a flight is chosen (docs/orders.md
 * 'Checkout').
 */
export function loader() {
  return redirect("/empty-legs");
}
