// Who may read an order and act on its page, written here only: docs/orders.md 'Who reads an order'.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { getUser, hasPermission } from "#app/accounts/session.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";

import { findOrderOwner } from "./order-access.queries.server";
import { isOrderLinkKey } from "./order-life.queries.server";

/** `orderId` and `linkKey` come bounded by the caller (`boundedParam`). */
export async function canReadOrder(
  request: Request,
  context: AppLoadContext,
  orderId: string | null,
  linkKey: string | null,
): Promise<boolean> {
  if (!orderId) return false;
  const [order, user] = await Promise.all([findOrderOwner(context.db, orderId), getUser(request, context)]);
  if (!order) return false;
  if (user && order.userId === user.id) return true;
  // Staff who manage orders, with their second factor (decision 027), like every back-office page.
  if (await hasPermission(request, context, "orders:manage")) return true;
  return linkKey !== null && (await isOrderLinkKey(context.db, orderId, linkKey));
}

/** The order of a page's `orderId` param and the link key of its URL, when this request may read it; null otherwise. */
export async function readableOrder(request: Request, context: AppLoadContext, orderIdParam: string | undefined) {
  const orderId = boundedParam(orderIdParam);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  if (!orderId || !(await canReadOrder(request, context, orderId, linkKey))) return null;
  return { orderId, linkKey };
}

export type ManifestReader = {
  orderId: string;
  linkKey: string | null;
  user: Awaited<ReturnType<typeof getUser>>;
  /** Staff read the document numbers in the clear, each view recorded; the others never get them back. */
  as: "owner" | "link" | "staff";
};

/**
 * Who may open an order's manifest (docs/privacy.md 'Manifests'): its owner, the holder of its link, or staff with
 * `manifests:manage` (not `orders:manage`: reading a passport is a permission of its own).
 */
export async function manifestReader(
  request: Request,
  context: AppLoadContext,
  orderIdParam: string | undefined,
): Promise<ManifestReader | null> {
  const orderId = boundedParam(orderIdParam);
  const linkKey = boundedParam(new URL(request.url).searchParams.get("key"), MAX_TOKEN_LENGTH);
  if (!orderId) return null;
  const [order, user] = await Promise.all([findOrderOwner(context.db, orderId), getUser(request, context)]);
  if (!order) return null;
  const reader = { orderId, linkKey, user };
  if (user && order.userId === user.id) return { ...reader, as: "owner" };
  if (await hasPermission(request, context, "manifests:manage")) return { ...reader, as: "staff" };
  if (linkKey !== null && (await isOrderLinkKey(context.db, orderId, linkKey))) return { ...reader, as: "link" };
  return null;
}
