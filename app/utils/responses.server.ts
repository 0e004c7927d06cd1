// A thrown Response passes through Remix untouched on every path; a thrown `data()` is a 500 on resource routes.

export const MAX_ID_LENGTH = 64;
/** base64url of 32 bytes is 43. */
export const MAX_TOKEN_LENGTH = 256;

export function refusal(message: string, status: number, init?: { headers?: HeadersInit }): Response {
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "private, no-store");
  return new Response(JSON.stringify({ message }), { status, headers });
}

export function invariantResponse(
  condition: unknown,
  message: string | (() => string),
  status = 400,
): asserts condition {
  if (!condition) throw refusal(typeof message === "function" ? message() : message, status);
}

export function boundedParam(value: string | null | undefined, max = MAX_ID_LENGTH): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= max ? value : null;
}
