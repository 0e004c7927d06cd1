import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { detectLanguage, serverTranslations } from "./i18n.server";
import { cachedHtml, renderCacheKey, storeHtml } from "./utils/render-cache.server";
import { renderDocument } from "./utils/render-document.server";
import { NonceProvider } from "./utils/nonce-provider";
import { TranslationsProvider } from "./utils/translations";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await detectLanguage(request, loadContext);
  const nonce = loadContext.cspNonce;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // The catalogue lists: the same data renders the same page (utils/render-cache.server.ts).
  const cacheKey = await renderCacheKey(request, responseStatusCode, language, remixContext);
  const cached = cacheKey ? cachedHtml(cacheKey, nonce) : null;
  if (cached !== null) return new Response(cached, { headers: responseHeaders, status: responseStatusCode });

  // The browser gets the namespaces of the matched routes (their `handle.i18n`).
  const namespaces = remixContext.staticHandlerContext.matches.flatMap((match) => {
    const handle = remixContext.routeModules[match.route.id]?.handle as { i18n?: unknown } | undefined;
    return Array.isArray(handle?.i18n) ? (handle.i18n as string[]) : [];
  });

  let status = responseStatusCode;
  const body = await renderDocument(
    <NonceProvider value={nonce}>
      <TranslationsProvider value={serverTranslations(language, namespaces)}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </TranslationsProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce,
      // A page kept for later is sent once complete, as it is to crawlers.
      waitForAll: cacheKey !== null || isbot(request.headers.get("user-agent") || ""),
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );

  if (cacheKey && status === responseStatusCode) {
    const html = await new Response(body).text();
    storeHtml(cacheKey, html, nonce);
    return new Response(html, { headers: responseHeaders, status });
  }
  return new Response(body, { headers: responseHeaders, status });
}
