import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";

/**
 * A route's `clientLoader` that loads the route's translation namespaces (its
 * `handle.i18n`) alongside its data. The first page load brings the namespaces of the
 * matched routes (entry.client.tsx); a later client-side navigation to a route with one
 * more (/login's `auth`, /admin's `admin`) would otherwise render raw keys until the
 * namespace arrives. On the server this is never called.
 */
export function loadingTranslations(namespaces: readonly string[]) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([serverLoader(), i18next.loadNamespaces([...namespaces])]);
    return data;
  };
}
