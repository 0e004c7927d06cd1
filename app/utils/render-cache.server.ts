import type { EntryContext } from "@remix-run/cloudflare";

import { base64 } from "./crypto.server";

/** Decision 013: only React's render is skipped; the nonce, the one part that differs between two answers, is replaced. */
const CACHED_ROUTES = new Set(["routes/home", "routes/empty-legs"]);
const MAX_ENTRIES = 50;
const entries = new Map<string, { html: string; nonce: string }>();

export async function renderCacheKey(
  request: Request,
  status: number,
  language: string,
  remix: EntryContext,
): Promise<string | null> {
  const context = remix.staticHandlerContext;
  const leaf = context.matches.at(-1)?.route.id;
  // `Cache-Control: no-cache` asks for a fresh answer: rendered, and not kept.
  if (/no-cache|no-store/i.test(request.headers.get("Cache-Control") ?? "")) return null;
  if (
    request.method !== "GET" ||
    status !== 200 ||
    context.errors ||
    context.actionData ||
    !leaf ||
    !CACHED_ROUTES.has(leaf)
  )
    return null;
  const url = new URL(request.url);
  const material = JSON.stringify([
    language,
    url.pathname,
    url.search,
    new Date().getUTCFullYear(),
    context.loaderData,
  ]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(material));
  return base64(new Uint8Array(digest));
}

export function cachedHtml(key: string, nonce: string): string | null {
  const entry = entries.get(key);
  if (!entry) return null;
  entries.delete(key);
  entries.set(key, entry);
  return entry.html.replaceAll(entry.nonce, nonce);
}

export function storeHtml(key: string, html: string, nonce: string) {
  entries.set(key, { html, nonce });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}
