/**
 * Refusals that look the same on every path (a page, `.data`, `?_data=`, a resource
 * route): a thrown `Response` whose body is `{ "message": <translated text> }`. Remix
 * passes a thrown Response through untouched on every path, where a thrown `data()`
 * becomes "Unexpected Server Error" on resource routes. Pages show it through the error
 * boundary of its status.
 */

/** Ids of rows (UUIDs, or the demo's and tests' readable ids) are never longer. */
export const MAX_ID_LENGTH = 64;
/** Tokens of mail links and cookies (base64url of 32 bytes is 43). */
export const MAX_TOKEN_LENGTH = 256;

export function refusal(message: string, status: number, init?: { headers?: HeadersInit }): Response {
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(JSON.stringify({ message }), { status, headers });
}

/**
 * Epic Stack's `invariantResponse`: unless `condition` holds, throws the refusal
 * `message` with `status` (400 unless said otherwise).
 */
export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  status = 400,
): asserts condition {
  if (!condition) throw refusal(typeof message === "function" ? message() : message, status);
}

/** A route param or query value, when it is present and not longer than `max`; null otherwise. */
export function boundedParam(value: string | null | undefined, max = MAX_ID_LENGTH): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : null;
}
