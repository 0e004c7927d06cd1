import { createContext, useContext, useState } from "react";

/**
 * The id of the request being rendered, for the error page (decision 017). Set by
 * entry.server; in the browser there is no provider.
 */
const RequestIdContext = createContext<string | null>(null);
export const RequestIdProvider = RequestIdContext.Provider;

/** Where the root ErrorBoundary writes the id, so that the browser reads the same one when it hydrates the page. */
const RENDERED_ID = "data-request-id";

/**
 * The id a customer can quote from an error page:
 * - a client-side navigation or form (`.data`): the id the root loader gave for it;
 * - a page from the server: the id entry.server rendered, read back from the page by
 *   the browser (so a page without JavaScript shows it too, and hydration agrees).
 * Documents do not carry it in the root loader's data: every page's data would then
 * differ and the render cache of decision 013 would never serve one.
 */
export function useRequestId(fromRootLoader: string | null | undefined): string | null {
  const rendered = useContext(RequestIdContext);
  const [fromPage] = useState(() =>
    typeof document === "undefined"
      ? null
      : (document.querySelector(`[${RENDERED_ID}]`)?.getAttribute(RENDERED_ID) ?? null),
  );
  return fromRootLoader ?? rendered ?? fromPage;
}
