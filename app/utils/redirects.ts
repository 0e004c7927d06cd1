const BASE = "http://same-site.invalid";

/** Browsers drop tabs and newlines and read `\` as `/`: a control character or backslash, even encoded, refuses it. */
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

export const STAY_AFTER_LOGOUT = [
  "/about",
  "/partners",
  "/fleet",
  "/privacy-policy",
  "/terms",
  "/cookies",
  "/legal-notice",
  "/reset-password",
];

export function logoutTarget(from: unknown): string {
  const path = safeRedirectPath(from);
  if (!path) return "/";
  const pathname = new URL(path, BASE).pathname;
  return STAY_AFTER_LOGOUT.includes(pathname) ? path : "/";
}

export function safeRedirect(to: unknown, fallback = "/home"): string {
  return safeRedirectPath(to) ?? fallback;
}

export function withLanguage(path: string, language: string): string {
  const url = new URL(path, BASE);
  url.searchParams.set("lng", language);
  return `${url.pathname}${url.search}${url.hash}`;
}
