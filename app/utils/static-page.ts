import type { UIMatch } from "@remix-run/react";
import staticPageScript from "./static-page.client.js?url&no-inline";

/**
 * A route whose `handle` carries this is served without React to a visitor who is not
 * signed in (decision 041): the server's HTML and one small script
 * (static-page.client.js), not React, React Router, Remix and the page's modules. A
 * signed-in visitor gets the hydrated page (the favourites' hearts, the header's menus),
 * and so does a page reached by a link inside the hydrated app.
 */
export const STATIC_WHEN_SIGNED_OUT = { hydrate: "when-signed-in" } as const;

/** Whether this server render of the page goes without React in the browser. */
export function isServedStatic(matches: UIMatch[], signedIn: boolean | undefined): boolean {
  if (typeof document !== "undefined" || signedIn !== false) return false;
  return matches.some(
    (match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === STATIC_WHEN_SIGNED_OUT.hydrate,
  );
}

export { staticPageScript };
