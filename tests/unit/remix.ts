/**
 * Runs a route's loader or action like Remix does, with a real Request and a test
 * AppLoadContext, and gives back what the browser would get.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown;

export type HandlerResult = { status: number; location: string | null; setCookies: string[]; body: unknown };

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}

export async function run(
  handler: Handler,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
): Promise<HandlerResult> {
  let value: unknown;
  try {
    value = await handler({ request, context, params });
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
    value = thrown;
  }
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get("Location"),
      setCookies: value.headers.getSetCookie(),
      body: value.status >= 300 && value.status < 400 ? null : await value.text(),
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: null, setCookies: headers.getSetCookie(), body: value.data };
  }
  return { status: 200, location: null, setCookies: [], body: value };
}

/** A form POST from one IP, in French, optionally with cookies. */
export function post(
  path: string,
  fields: Record<string, string | Blob> | FormData,
  { ip = "203.0.113.1", cookie }: { ip?: string; cookie?: string } = {},
) {
  const body = fields instanceof FormData ? fields : new FormData();
  if (!(fields instanceof FormData)) for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const headers = new Headers({ "Accept-Language": "fr", "CF-Connecting-IP": ip });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

export function get(path: string, { cookie }: { cookie?: string } = {}) {
  const headers = new Headers({ "Accept-Language": "fr" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(`http://localhost${path}`, { headers });
}

/** `name=value` of a Set-Cookie header, to send back as a Cookie header. */
export function cookiePair(setCookie: string | undefined) {
  return setCookie?.split(";")[0] ?? "";
}

/** The field and form errors of a conform reply. */
export function errorsOf(result: HandlerResult): Record<string, string[] | null> {
  const body = (result.body ?? {}) as { result?: { error?: Record<string, string[] | null> } };
  return body.result?.error ?? {};
}
