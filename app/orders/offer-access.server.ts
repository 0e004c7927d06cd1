// Who may read an offer and act on its page, written here only (docs/decisions/058-offers.md), as an order's
// readers are in order-access.server.ts: the customer who sent the request signed in, the holder of its mailed link,
// or staff with `requests:manage`.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { getUser, hasPermission } from "#app/accounts/session.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";

import { findOffer, findOfferRequest, isOfferLinkKey } from "./offers.queries.server";

export type OfferReader = Awaited<ReturnType<typeof offerReader>>;

/** The offer of a page's `offerId` param and who reads it; null when this request may not. */
export async function offerReader(request: Request, context: AppLoadContext, offerIdParam: string | undefined) {
  const offerId = boundedParam(offerIdParam);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  if (!offerId) return null;
  const [offer, user] = await Promise.all([findOffer(context.db, offerId), getUser(request, context)]);
  if (!offer) return null;
  const customer = await findOfferRequest(context.db, { kind: offer.requestKind, id: offer.requestId });
  if (!customer) return null;
  const reader = { offer, customer, user, linkKey };
  if (user && customer.userId === user.id) return { ...reader, as: "owner" as const };
  if (await hasPermission(request, context, "requests:manage")) return { ...reader, as: "staff" as const };
  if (linkKey !== null && (await isOfferLinkKey(context.db, offerId, linkKey)))
    return { ...reader, as: "link" as const };
  return null;
}
