// `?sort=` is a GET parameter: it works without JavaScript and every order of the list has a URL.
export const ORDER_SORTS = ["createdAt", "captureBefore"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export function orderSortFrom(params: URLSearchParams): OrderSort {
  const asked = params.get("sort");
  return ORDER_SORTS.find((sort) => sort === asked) ?? "createdAt";
}

export const CAPTURE_WARNING_MS = 24 * 60 * 60_000;
