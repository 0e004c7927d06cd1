import type { UIMatch } from "@remix-run/react";

import staticPageScript from "./static-page.client.js?url&no-inline";

export const STATIC_WHEN_SIGNED_OUT = { hydrate: "when-signed-in" } as const;

export function isServedStatic(matches: UIMatch[], signedIn: boolean | undefined): boolean {
  if (typeof document !== "undefined" || signedIn !== false) return false;
  return matches.some(
    (match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === STATIC_WHEN_SIGNED_OUT.hydrate,
  );
}

export { staticPageScript };
