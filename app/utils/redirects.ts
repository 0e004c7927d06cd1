/** Where the account flows send people; pure, so tests and both sides can use it. */

/** A redirect target is kept only if it is a path of this site (no `//host`, no `/\host`). */
export function safeRedirectPath(to: unknown): string | null {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return null;
  return to;
}

/** Pages where a sign-out keeps the visitor in place (traveller.md section 2); elsewhere: /. */
export const STAY_AFTER_LOGOUT = ["/about", "/partners", "/fleet", "/privacy-policy", "/terms", "/cookies", "/reset-password"];

export function logoutTarget(from: unknown): string {
  const path = safeRedirectPath(from);
  if (!path) return "/";
  const pathname = new URL(path, "http://localhost").pathname;
  return STAY_AFTER_LOGOUT.includes(pathname) ? path : "/";
}

/** `safeRedirectPath` with a fallback: where a form goes back to, never another origin. */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  return safeRedirectPath(to) ?? fallback;
}
