// The checks every request passes before Remix sees it: docs/decisions/006-request-guards.md, docs/security.md.

export const MAX_BODY_BYTES = 64 * 1024;

const ALLOWED_METHODS = ["GET", "HEAD", "POST"];
const SAFE_METHODS = ["GET", "HEAD"];
const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const LOCAL_HOSTNAMES = ["localhost", "127.0.0.1", "[::1]"];
/** Posted by the provider's servers with JSON; its route checks the signature before reading anything. */
export const WEBHOOK_PATHS = ["/webhooks/payments"];
/** The link's token is the only authority, so a cross-site POST can do nothing a visitor could not (decision 018). */
/** The local push service's endpoints take a push as a push service does: an aes128gcm body, no Origin (decision 057). */
export const LOCAL_PUSH_PREFIX = "/dev/push/inbox/";
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

const TRUSTED_FETCH_SITES = ["same-origin", "none"];

export function isSameOrigin(request: Request, appUrl: string): boolean {
  const origin = request.headers.get("Origin");
  if (origin === null) return TRUSTED_FETCH_SITES.includes(request.headers.get("Sec-Fetch-Site") ?? "");
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.origin === new URL(request.url).origin || parsed.origin === new URL(appUrl).origin;
}

function mediaType(request: Request): string {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Null when longer, so a chunked upload without Content-Length cannot make the Worker buffer megabytes. */
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

export async function guardRequest(
  original: Request,
  options: { appUrl: string; isLocal: boolean },
): Promise<GuardResult> {
  const checked = await checkRequest(original, options);
  return checked.ok ? { ok: true, request: withoutLegacyData(checked.request) } : checked;
}

/** Under single fetch Remix answers `?_data=` with an empty 200 whatever the route returned (decision 006). */
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
  // A client's X-Forwarded-Host makes Remix compare it with the Origin and throw a bare 500; the app is reached directly.
  const forwarded = without(original, "X-Forwarded-Host");
  const url = new URL(forwarded.url);
  if (isLocal && !isLocalHost(url)) return { ok: false, failure: "nonLocalHost" };
  if (SAFE_METHODS.includes(forwarded.method)) return { ok: true, request: forwarded };
  if (forwarded.method === "POST" && WEBHOOK_PATHS.includes(url.pathname) && url.search === "")
    return guardWebhook(forwarded);
  if (isLocal && forwarded.method === "POST" && url.pathname.startsWith(LOCAL_PUSH_PREFIX) && url.search === "")
    return guardWebhook(forwarded);
  const oneClick =
    forwarded.method === "POST" && ONE_CLICK_UNSUBSCRIBE_PATHS.includes(url.pathname) && !url.searchParams.has("_data");
  if (!oneClick && !isSameOrigin(forwarded, appUrl)) return { ok: false, failure: "crossSite" };
  const request = oneClick ? without(forwarded, "Origin") : forwarded;
  if (!ALLOWED_METHODS.includes(request.method)) return { ok: false, failure: "methodNotAllowed" };
  if (!FORM_MEDIA_TYPES.includes(mediaType(request))) return { ok: false, failure: "unsupportedMediaType" };
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) return { ok: false, failure: "bodyTooLarge" };
  const body = request.body ? await readCapped(request.body, MAX_BODY_BYTES) : new Uint8Array();
  if (body === null) return { ok: false, failure: "bodyTooLarge" };
  const guarded = new Request(request, { body });
  if (!(await isReadableForm(guarded))) return { ok: false, failure: "malformedBody" };
  return { ok: true, request: guarded };
}
