/** The query parameters every back-office list reads from its URL. */
import { ORDER_STATUSES, type OrderStatus } from "./constants";

/** The page number of a list's URL: a whole number from 1, anything else is 1. */
export function pageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** A list's search text, trimmed and capped. */
export function searchParam(searchParams: URLSearchParams): string {
  return (searchParams.get("q") ?? "").trim().slice(0, 100);
}

/** The orders tab's filter from its query or its export form: a known status or none, and the search. */
export function orderFilterFrom(params: URLSearchParams | FormData): { status: OrderStatus | null; search: string } {
  const status = params.get("status");
  return {
    status: ORDER_STATUSES.find((value) => value === status) ?? null,
    search: String(params.get("q") ?? "").trim().slice(0, 100),
  };
}
