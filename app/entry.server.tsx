import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./i18n";
import { getRequestI18n } from "./i18n.server";
import { resources } from "./locales/resources";
import { NonceProvider } from "./utils/nonce-provider";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { language: locale } = await getRequestI18n(request, loadContext);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    lng: locale,
    resources: { [locale]: resources[locale] },
  });

  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={loadContext.cspNonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={loadContext.cspNonce} />
      </I18nextProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce: loadContext.cspNonce,
      onError(error: unknown) {
        console.error(error);
        status = 500;
      },
    },
  );

  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
