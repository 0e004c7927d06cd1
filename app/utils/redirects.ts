/** Where the account flows send people; pure, so tests and both sides can use it. */

const BASE = "http://same-site.invalid";

/**
 * The one check of a redirect target that comes from a request: kept only if it is a
 * path of this site. Browsers drop tabs and newlines and read `\` as `/`, so
 * `/%09/evil.example` or `/\evil` would leave the site: any control character or
 * backslash, raw or percent-encoded, refuses the target, and what is left must resolve
 * on this origin. Gives back the normalised path, query and fragment.
 */
export function safeRedirectPath(to: unknown): string | null {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048 || !to.startsWith("/")) return null;
  let decoded = to;
  try {
    // Twice: `%2509` decodes to `%09`, which a second hop might decode again.
    decoded = decodeURIComponent(decodeURIComponent(to));
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to) || /[\u0000-\u001f\u007f\\]/.test(decoded)) return null;
  if (to.startsWith("//") || decoded.startsWith("//")) return null;
  const url = new URL(to, BASE);
  // `/.//evil` resolves to the path `//evil`, which a browser reads as another host.
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Pages where a sign-out keeps the visitor in place (docs/permissions.md); elsewhere: /. */
export const STAY_AFTER_LOGOUT = [
  "/about",
  "/partners",
  "/fleet",
  "/privacy-policy",
  "/terms",
  "/cookies",
  "/reset-password",
];

export function logoutTarget(from: unknown): string {
  const path = safeRedirectPath(from);
  if (!path) return "/";
  const pathname = new URL(path, BASE).pathname;
  return STAY_AFTER_LOGOUT.includes(pathname) ? path : "/";
}

/** `safeRedirectPath` with a fallback: where a form goes back to, never another origin. */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  return safeRedirectPath(to) ?? fallback;
}

/** `path` (a path of this site) with `?lng=` set to `language`, its other parameters kept: how a language switch lands. */
export function withLanguage(path: string, language: string): string {
  const url = new URL(path, BASE);
  url.searchParams.set("lng", language);
  return `${url.pathname}${url.search}${url.hash}`;
}
