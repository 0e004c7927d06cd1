/**
 * The checks every request passes before Remix sees it (docs/decisions/006-request-guards.md):
 * local builds answer only local hosts, state-changing requests must come from this site,
 * and a request body must be a form of reasonable size. Remix checks the Origin of
 * document and `.data` POSTs only, with a bare 500; these guards cover every path
 * (documents, `.data`, `?_data=`, resource routes) and answer with a 4xx.
 */

/** Every form of the app fits in far less; a bigger body is refused unread. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The only methods the app answers; forms post, links get. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const SAFE_METHODS = ["GET", "HEAD"];
const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const LOCAL_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];
/**
 * The payment provider's webhook: posted by the provider's servers (no Origin of ours)
 * with a JSON body. Exempt from the same-origin and form checks by its path only; its
 * route checks the provider's signature before reading anything (docs/payments.md).
 */
export const WEBHOOK_PATHS = ["/webhooks/payments"];
/**
 * The unsubscribe links of mails (List-Unsubscribe): a mail provider posts to them from
 * its own servers, any Origin or none (RFC 8058 one-click). The token in the link is the
 * only authority there, so a cross-site POST can do nothing a visitor could not; exempt
 * from the same-origin check by path (not `?_data=`, not `.data`), every other check applies.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATHS = ["/newsletter/unsubscribe", "/alerts/unsubscribe"];

export type GuardFailure =
  "nonLocalHost" | "crossSite" | "methodNotAllowed" | "unsupportedMediaType" | "bodyTooLarge" | "malformedBody";

export const GUARD_STATUS: Record<GuardFailure, number> = {
  nonLocalHost: 403,
  crossSite: 403,
  methodNotAllowed: 405,
  unsupportedMediaType: 415,
  bodyTooLarge: 413,
  malformedBody: 400,
};

export type GuardResult = { ok: true; request: Request } | { ok: false; failure: GuardFailure };

export function isLocalHost(url: URL): boolean {
  return LOCAL_HOSTNAMES.includes(url.hostname);
}

/** What a browser says of a request's initiator when it sends no Origin: this site, or the visitor themself (typed, bookmarked). */
const TRUSTED_FETCH_SITES = ["same-origin", "none"];

/**
 * True when a state-changing request comes from a page of this site: its Origin is the
 * request's own origin or the configured APP_URL's; without an Origin, only a
 * `Sec-Fetch-Site` of `same-origin` or `none`. Anything else is refused: a `null` or
 * malformed Origin, `same-site` (a sibling subdomain is another site's page), and a
 * request that says neither (every browser in use sends one or the other on a POST).
 */
export function isSameOrigin(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return TRUSTED_FETCH_SITES.includes(request.headers.get("Sec-Fetch-Site") ?? "");
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  // `new URL("null")` throws; an opaque origin never equals a real one.
  return parsed.origin === new URL(request.url).origin || parsed.origin === new URL(appUrl).origin;
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Reads at most `limit` bytes of a body; null when it is longer, so a chunked upload
 * without Content-Length cannot make the Worker buffer megabytes.
 */
async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function without(request: Request, header: string): Request {
  if (!request.headers.has(header)) return request;
  const headers = new Headers(request.headers);
  headers.delete(header);
  return new Request(request, { headers });
}

/** A webhook: only the size cap; the body stays as sent, for the signature. */
async function guardWebhook(request: Request): Promise<GuardResult> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) return { ok: false, failure: "bodyTooLarge" };
  const body = request.body ? await readCapped(request.body, MAX_BODY_BYTES) : new Uint8Array();
  if (body === null) return { ok: false, failure: "bodyTooLarge" };
  return { ok: true, request: new Request(request, { body }) };
}

async function isReadableForm(request: Request): Promise<boolean> {
  try {
    await request.clone().formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs the guards in order. On success, gives back the request to hand to Remix: for a
 * POST, a copy whose body has been read within the cap.
 */
export async function guardRequest(
  original: Request,
  options: { appUrl: string; isLocal: boolean },
): Promise<GuardResult> {
  const checked = await checkRequest(original, options);
  return checked.ok ? { ok: true, request: withoutLegacyData(checked.request) } : checked;
}

/**
 * Remix's legacy `?_data=` protocol: single fetch (`.data`) replaced it, and under single
 * fetch Remix answers it with an empty 200 whatever the route returned (a form's errors
 * and their 400 are lost). Nothing of the app sends it; one made by hand, once the checks
 * above passed, is answered as the page it names: the same status, message and redirect.
 */
function withoutLegacyData(request: Request): Request {
  const url = new URL(request.url);
  if (!url.searchParams.has("_data")) return request;
  url.searchParams.delete("_data");
  return new Request(url.toString(), request);
}

async function checkRequest(
  original: Request,
  { appUrl, isLocal }: { appUrl: string; isLocal: boolean },
): Promise<GuardResult> {
  // Remix compares a POST's Origin with X-Forwarded-Host when there is one and throws a bare
  // 500 when they differ. The app is reached directly (Cloudflare sets Host): a client's
  // X-Forwarded-Host means nothing here, and it goes.
  const forwarded = without(original, "X-Forwarded-Host");
  const url = new URL(forwarded.url);
  if (isLocal && !isLocalHost(url)) return { ok: false, failure: "nonLocalHost" };
  if (SAFE_METHODS.includes(forwarded.method)) return { ok: true, request: forwarded };
  if (forwarded.method === "POST" && WEBHOOK_PATHS.includes(url.pathname) && url.search === "")
    return guardWebhook(forwarded);
  // A mail client posts the link as it is: never through Remix's legacy `?_data=` path.
  const oneClick =
    forwarded.method === "POST" && ONE_CLICK_UNSUBSCRIBE_PATHS.includes(url.pathname) && !url.searchParams.has("_data");
  if (!oneClick && !isSameOrigin(forwarded, appUrl)) return { ok: false, failure: "crossSite" };
  // Remix would compare that Origin with the Host itself and answer an empty 500.
  const request = oneClick ? without(forwarded, "Origin") : forwarded;
  if (!ALLOWED_METHODS.includes(request.method)) return { ok: false, failure: "methodNotAllowed" };
  if (!FORM_MEDIA_TYPES.includes(mediaType(request))) return { ok: false, failure: "unsupportedMediaType" };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) return { ok: false, failure: "bodyTooLarge" };
  const body = request.body ? await readCapped(request.body, MAX_BODY_BYTES) : new Uint8Array();
  if (body === null) return { ok: false, failure: "bodyTooLarge" };
  const guarded = new Request(request, { body });
  // A multipart body without its boundary, or cut short, makes `formData()` throw a
  // TypeError: read it here, once, so no action ever meets a form it cannot read.
  if (!(await isReadableForm(guarded))) return { ok: false, failure: "malformedBody" };
  return { ok: true, request: guarded };
}
