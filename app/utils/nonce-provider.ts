import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered. Set by entry.server; in the browser
 * it is empty (browsers hide nonce attributes from scripts) and React keeps the
 * server's attribute.
 */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
