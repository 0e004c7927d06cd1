import { base64 } from "./crypto.server";

export function createNonce(): string {
  return base64(crypto.getRandomValues(new Uint8Array(16)));
}

/** A checkout answers with a redirect to the provider's hosted page, which `form-action` also governs. */
export const PAYMENT_FORM_TARGETS = { stripe: ["https://checkout.stripe.com"], simulator: [] } as const;

type PolicyOptions = { nonce: string; isLocal: boolean; formTargets?: readonly string[] };

export function contentSecurityPolicy({ nonce, isLocal, formTargets = [] }: PolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The installable app's worker (public/sw.js): 'strict-dynamic' would leave 'self' out of its fallback.
    "worker-src 'self'",
    "manifest-src 'self'",
    isLocal ? "connect-src 'self' ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    ...(isLocal ? [] : ["upgrade-insecure-requests"]),
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, options: PolicyOptions): Headers {
  const { isLocal } = options;
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (!isLocal) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return headers;
}
