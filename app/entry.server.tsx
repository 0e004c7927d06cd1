import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";

import { sessionCookieName } from "#app/accounts/session.server";
import { readCatalogueState } from "#app/flights/catalogue-state.queries.server";
import { cachedPage, isKeepable, pageCacheKey, storePage } from "#app/flights/page-cache.server";
import {
  errorReportingOptions,
  errorToReport,
  isErrorReportingOn,
  reportError,
} from "#app/operations/error-reporting.server";
import { handleQueueBatch } from "#app/operations/queue.server";
import { runScheduledTasks } from "#app/operations/tasks.server";

import { getLoadContext } from "../load-context";
import { appCookies } from "./cookies.server";
import { bookmarkCookie, bookmarkCookieName } from "./db/read-session.server";
import { detectLanguage, getRequestI18n, serverTranslations } from "./i18n.server";
import { clearCookies, screenCookies } from "./utils/cookies.server";
import { InvalidEnvError } from "./utils/env.server";
import { NonceProvider } from "./utils/nonce-provider";
import {
  currentPhaseTimer,
  isPhaseTimingOn,
  timedEnv,
  timePhase,
  timeRemix,
  withPhaseTimer,
  withServerTiming,
} from "./utils/phase-timing.server";
import { refusalPage } from "./utils/refusal-page.server";
import { cachedHtml, renderCacheKey, storeHtml } from "./utils/render-cache.server";
import { renderDocument } from "./utils/render-document.server";
import { GUARD_STATUS, guardRequest } from "./utils/request-guards.server";
import { RequestIdProvider } from "./utils/request-id";
import {
  createRouteIdFinder,
  errorLogLine,
  requestIdFor,
  requestLogLine,
  writeLogLine,
} from "./utils/request-log.server";
import { applySecurityHeaders, createNonce, PAYMENT_FORM_TARGETS } from "./utils/security-headers.server";
import { TranslationsProvider } from "./utils/translations";

/**
 * What server.ts uses of the app, getLoadContext included. It takes them as
 * `build.entry.module.workerImports`, through the Remix build: an import would make wrangler's esbuild
 * bundle a second copy of each module and of all it reaches (the locales...), 512 KiB of the upload
 * (docs/architecture.md, 'One copy of the app in the Worker'). eslint.config.js holds it to types.
 */
export const workerImports = {
  getLoadContext,
  sessionCookieName,
  readCatalogueState,
  cachedPage,
  isKeepable,
  pageCacheKey,
  storePage,
  errorReportingOptions,
  isErrorReportingOn,
  reportError,
  handleQueueBatch,
  runScheduledTasks,
  appCookies,
  bookmarkCookie,
  bookmarkCookieName,
  detectLanguage,
  getRequestI18n,
  clearCookies,
  screenCookies,
  InvalidEnvError,
  currentPhaseTimer,
  isPhaseTimingOn,
  timedEnv,
  timePhase,
  timeRemix,
  withPhaseTimer,
  withServerTiming,
  refusalPage,
  GUARD_STATUS,
  guardRequest,
  createRouteIdFinder,
  errorLogLine,
  requestIdFor,
  requestLogLine,
  writeLogLine,
  applySecurityHeaders,
  createNonce,
  PAYMENT_FORM_TARGETS,
};
export type WorkerImports = typeof workerImports;

const handled = new WeakSet<object>();

/** Errors of loaders, actions and renders (not thrown responses): one log line, and Sentry when on. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A render error can come twice: from React's onError, then from Remix.
  if (typeof error === "object" && error !== null) {
    if (handled.has(error)) return;
    handled.add(error);
  }
  const reported = errorToReport(error, request);
  if (reported === null) return;
  writeLogLine(errorLogLine(context.requestId, reported));
  reportError(reported, { requestId: context.requestId });
};

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
  loadContext.requestLog.routeId = remixContext.staticHandlerContext.matches.at(-1)?.route.id ?? null;

  // The catalogue lists: the same data renders the same page (utils/render-cache.server.ts).
  const timer = currentPhaseTimer();
  const renderStart = timer?.now() ?? 0;
  const cacheKey = await renderCacheKey(request, responseStatusCode, language, remixContext);
  const cached = cacheKey ? cachedHtml(cacheKey, nonce) : null;
  loadContext.requestLog.cache = cacheKey === null ? null : cached === null ? "miss" : "hit";
  if (timer && loadContext.requestLog.cache) timer.note("cache", loadContext.requestLog.cache);
  if (cached !== null) {
    timer?.add("render", timer.now() - renderStart, 0);
    return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }

  const namespaces = remixContext.staticHandlerContext.matches.flatMap((match) => {
    const handle = remixContext.routeModules[match.route.id]?.handle as { i18n?: unknown } | undefined;
    return Array.isArray(handle?.i18n) ? (handle.i18n as string[]) : [];
  });

  let status = responseStatusCode;
  const body = await renderDocument(
    <NonceProvider value={nonce}>
      <RequestIdProvider value={loadContext.requestId}>
        <TranslationsProvider value={serverTranslations(language, namespaces)}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </TranslationsProvider>
      </RequestIdProvider>
    </NonceProvider>,
    {
      signal: request.signal,
      nonce,
      // A page kept for later is sent once complete, as it is to crawlers.
      waitForAll: cacheKey !== null || isbot(request.headers.get("user-agent") || ""),
      // An error while streaming, after Remix handed the page over: handleError never sees it.
      onError(error: unknown) {
        handleError(error, { request, params: {}, context: loadContext });
        status = 500;
      },
    },
  );

  if (cacheKey && status === responseStatusCode) {
    const html = await new Response(body).text();
    storeHtml(cacheKey, html, nonce);
    timer?.add("render", timer.now() - renderStart, 1);
    return new Response(html, { headers: responseHeaders, status });
  }
  // A streamed page: until its shell is ready (the rest is the `body` phase).
  timer?.add("render", timer.now() - renderStart, 1);
  return new Response(body, { headers: responseHeaders, status });
}
