import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import { currentLanguage, loadNamespaces } from "#app/i18n.client";

/**
 * A route's `clientLoader` that loads the route's translation namespaces (its
 * `handle.i18n`) alongside its data. The first page load has the namespaces of the
 * matched routes (written into the page by the server); a later client-side navigation
 * to a route with one more (/login's `auth`, /admin's `admin`) would otherwise render
 * raw keys until the namespace arrives. On the server this is never called.
 */
export function loadingTranslations(namespaces: readonly string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const language = currentLanguage();
    const [data] = await Promise.all([serverLoader(), language ? loadNamespaces(language, namespaces) : null]);
    return data;
  };
}
