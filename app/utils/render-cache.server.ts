import type { EntryContext } from "@remix-run/cloudflare";
import { base64 } from "./crypto.server";

/**
 * The HTML of a catalogue list, kept by what it was rendered from (decision 013). Every
 * request still runs its loaders, so the data is always this request's; only React's
 * render is skipped when the same address, language and loader data were rendered
 * before. The key is a SHA-256 of all of them; the page's CSP nonce is the one part that
 * differs between two such answers, and it is replaced.
 */
const CACHED_ROUTES = new Set(["routes/home", "routes/empty-legs"]);
const MAX_ENTRIES = 50;
const entries = new Map<string, { html: string; nonce: string }>();

/** The key of this page if it is one the cache keeps (a GET of a list, answered 200 without error), else null. */
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

/** The stored page for `key`, with `nonce` in place of the one it was rendered with. */
export function cachedHtml(key: string, nonce: string): string | null {
  const entry = entries.get(key);
  if (!entry) return null;
  // Used again: it becomes the newest (a Map keeps insertion order; the oldest goes first).
  entries.delete(key);
  entries.set(key, entry);
  return entry.html.replaceAll(entry.nonce, nonce);
}

export function storeHtml(key: string, html: string, nonce: string) {
  entries.set(key, { html, nonce });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
}
