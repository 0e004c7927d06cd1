import type { ClientLoaderFunctionArgs } from "@remix-run/react";

import { currentLanguage, loadNamespaces } from "#app/i18n.client";

/** A client-side navigation to a route with one more namespace would otherwise render raw keys until it arrives. */
export function loadingTranslations(namespaces: readonly string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const language = currentLanguage();
    const [data] = await Promise.all([serverLoader(), language ? loadNamespaces(language, namespaces) : null]);
    return data;
  };
}
