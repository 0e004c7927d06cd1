import { createContext, useContext } from "react";

/** Empty in the browser (browsers hide nonce attributes from scripts): React keeps the server's attribute. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
