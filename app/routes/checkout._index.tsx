import { redirect } from "@remix-run/cloudflare";

/** /checkout without a flight: the empty-leg list, where a flight is chosen (DECISIONS.md D3). */
export function loader() {
  return redirect("/empty-legs");
}
