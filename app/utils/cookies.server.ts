// Every cookie's name and the screen of values the app cannot read: docs/security.md, decision 028.

/** `__Host-` keeps a sibling subdomain from planting a cookie; http (local development) cannot set the prefix. */
export function hostCookieName(name: string, { secure }: { secure: boolean }): string {
  return secure ? `__Host-${name}` : name;
}

export type ReadableCookie = { name: string; isReadable: (value: string) => boolean | Promise<boolean> };

const MAX_VALUE_LENGTH = 4096;

/** The `cookie` package hands undecodable values on raw. */
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

export function clearingCookie(name: string, { secure }: { secure: boolean }): string {
  return [`${name}=`, "Max-Age=0", "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

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

export function clearCookies(headers: Headers, names: string[], { secure }: { secure: boolean }) {
  const set = new Set(headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")).trim()));
  for (const name of names) if (!set.has(name)) headers.append("Set-Cookie", clearingCookie(name, { secure }));
}
