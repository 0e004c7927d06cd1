/**
 * How the 'Commandes' tab orders its list (`?sort=`, a GET parameter: it works without
 * JavaScript and every order of the list has a URL): newest first, or the nearest card
 * authorisation deadline first (docs/decisions/034-reschedules-and-deadlines.md).
 */
export const ORDER_SORTS = ["createdAt", "captureBefore"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The sort a request asks for; newest first when it asks for none or for one we do not have. */
export function orderSortFrom(params: URLSearchParams): OrderSort {
  const asked = params.get("sort");
  return ORDER_SORTS.find((sort) => sort === asked) ?? "createdAt";
}

/** Within this much of its deadline, an authorisation is shown as urgent (and counted by the health panel). */
export const CAPTURE_WARNING_MS = 24 * 60 * 60_000;
