/**
 * What every cookie of the app shares (docs/security.md, decision 028): its name, with
 * the `__Host-` prefix outside local development, and the screen that keeps a value the
 * app cannot read (`%ff`, a cut UTF-8 sequence, a forged signature, kilobytes of junk)
 * from reaching any loader: such a cookie is treated as absent and cleared.
 */

/**
 * The name of a cookie of this host only. With `__Host-` (which needs Secure, path / and
 * no Domain) the browser refuses the cookie from a sibling subdomain, which could
 * otherwise plant one the app then reads. Local development runs on http, where the
 * prefix cannot be set: the plain name there.
 */
export function hostCookieName(name: string, { secure }: { secure: boolean }): string {
  return secure ? `__Host-${name}` : name;
}

/** A cookie the app reads: its name as sent, and whether a value is one the app wrote. */
export type ReadableCookie = { name: string; isReadable: (value: string) => boolean | Promise<boolean> };

/** Longer than any value the app writes (a toast is the longest, well under 2 KiB). */
const MAX_VALUE_LENGTH = 4096;

/**
 * Whether `value` is a cookie value at all: within the length, and percent-decodable
 * into UTF-8 (the `cookie` package hands undecodable values on raw).
 */
function isDecodable(value: string): boolean {
  if (value.length > MAX_VALUE_LENGTH) return false;
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

async function isReadableValue(cookie: ReadableCookie, value: string): Promise<boolean> {
  if (!isDecodable(value)) return false;
  try {
    return await cookie.isReadable(value);
  } catch {
    return false;
  }
}

/** The Set-Cookie header that removes `name` (the attributes a `__Host-` name needs included). */
export function clearingCookie(name: string, { secure }: { secure: boolean }): string {
  return [`${name}=`, "Max-Age=0", "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/**
 * The request without the app's cookies it cannot read, and their names (`unreadable`),
 * for `clearCookies`. Other cookies (not the app's) pass untouched: they are nobody's
 * business here. Never throws.
 */
export async function screenCookies(
  request: Request,
  cookies: ReadableCookie[],
): Promise<{ request: Request; unreadable: string[] }> {
  const header = request.headers.get("Cookie");
  if (!header) return { request, unreadable: [] };
  const kept: string[] = [];
  const unreadable = new Set<string>();
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    const name = (separator === -1 ? pair : pair.slice(0, separator)).trim();
    const cookie = cookies.find((candidate) => candidate.name === name);
    if (cookie && !(await isReadableValue(cookie, pair.slice(separator + 1).trim()))) unreadable.add(name);
    else kept.push(pair.trim());
  }
  if (unreadable.size === 0) return { request, unreadable: [] };
  const headers = new Headers(request.headers);
  if (kept.length > 0) headers.set("Cookie", kept.join("; "));
  else headers.delete("Cookie");
  return { request: new Request(request, { headers }), unreadable: [...unreadable] };
}

/** Clears the cookies `names` in the browser, but those the response sets anew (a fresh toast). */
export function clearCookies(headers: Headers, names: string[], { secure }: { secure: boolean }) {
  const set = new Set(headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")).trim()));
  for (const name of names) if (!set.has(name)) headers.append("Set-Cookie", clearingCookie(name, { secure }));
}
