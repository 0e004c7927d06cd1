import { createContext, useContext, useState } from "react";

const RequestIdContext = createContext<string | null>(null);
export const RequestIdProvider = RequestIdContext.Provider;

const RENDERED_ID = "data-request-id";

/** Not in a document's root loader data: every page's data would differ, and the render cache (decision 013) serve none. */
export function useRequestId(fromRootLoader: string | null | undefined): string | null {
  const rendered = useContext(RequestIdContext);
  const [fromPage] = useState(() =>
    typeof document === "undefined"
      ? null
      : (document.querySelector(`[${RENDERED_ID}]`)?.getAttribute(RENDERED_ID) ?? null),
  );
  return fromRootLoader ?? rendered ?? fromPage;
}
