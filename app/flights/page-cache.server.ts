import { acceptsGzip, fillGzipTemplate, type GzipTemplate, gzipTemplate } from "#app/utils/gzip-template.server";

import type { CatalogueState } from "./catalogue-state.queries.server";

// The signed-out lists' page cache: docs/decisions/040-page-cache.md; compressed once: 044-kept-pages-compressed.md.
const CACHED_PATHS = new Set(["/home", "/empty-legs"]);
const MAX_ENTRIES = 50;
const MINUTE = 60_000;

/** The page cut at its CSP nonce, joined again with each response's own. */
type Entry = {
  parts: string[];
  gzip: GzipTemplate | null;
  routeId: string;
  headers: [string, string][];
  version: number;
  validUntil: number;
};
const entries = new Map<string, Entry>();

export function pageCacheKey(request: Request, cookies: { session: string; bookmark: string }): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!CACHED_PATHS.has(url.pathname)) return null;
  if (/no-cache|no-store/i.test(request.headers.get("Cache-Control") ?? "")) return null;
  const kept: string[] = [];
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const pair = part.trim();
    if (pair === "") continue;
    const name = pair.slice(0, pair.indexOf("=") >>> 0);
    if (name === cookies.session) return null;
    if (name !== cookies.bookmark) kept.push(pair);
  }
  return JSON.stringify([url.pathname, url.search, request.headers.get("Accept-Language") ?? "", kept.sort()]);
}

export function validUntil(state: CatalogueState, now: Date): number {
  const at = now.getTime();
  const limits = [Math.floor(at / MINUTE) * MINUTE + MINUTE];
  // A flight departing at D is listed while now <= D; a hold expiring at E is live while now < E.
  if (state.nextDeparture !== null) limits.push(state.nextDeparture + 1);
  if (state.nextHoldExpiry !== null) limits.push(state.nextHoldExpiry);
  return Math.min(...limits);
}

export function cachedPage(
  key: string,
  state: CatalogueState,
  now: Date,
  { nonce, acceptEncoding }: { nonce: string; acceptEncoding: string | null },
) {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.version !== state.version || now.getTime() >= entry.validUntil) {
    entries.delete(key);
    return null;
  }
  // Used again: it becomes the newest (a Map keeps insertion order; the oldest goes first).
  entries.delete(key);
  entries.set(key, entry);
  const headers = new Headers(entry.headers);
  // Whatever the answer, a cache on the way keeps one per Accept-Encoding.
  headers.append("Vary", "Accept-Encoding");
  if (!acceptsGzip(acceptEncoding)) return { body: entry.parts.join(nonce), headers, routeId: entry.routeId };
  entry.gzip ??= gzipTemplate(entry.parts);
  headers.set("Content-Encoding", "gzip");
  return { body: fillGzipTemplate(entry.gzip, nonce), headers, routeId: entry.routeId };
}

export function isKeepable(
  response: Response,
  notes: { cache: string | null; degraded: boolean; routeId: string | null },
): boolean {
  return (
    response.status === 200 &&
    notes.routeId !== null &&
    notes.cache !== null &&
    !notes.degraded &&
    !response.headers.has("Set-Cookie") &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

export function storePage(
  key: string,
  page: { html: string; nonce: string; headers: Headers; routeId: string },
  state: CatalogueState,
  now: Date,
) {
  entries.set(key, {
    parts: page.html.split(page.nonce),
    gzip: null,
    routeId: page.routeId,
    headers: [...page.headers],
    version: state.version,
    validUntil: validUntil(state, now),
  });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}
