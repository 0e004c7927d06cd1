import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";

import { getUser, renewSessionIfDue } from "#app/accounts/session.server";
import { countUnreadNotifications } from "#app/alerts/notifications.queries.server";
import { buttonClassName } from "#app/components/ui/button";
import { readConsent } from "#app/privacy/consent.server";

import { CookieBanner } from "./components/cookie-banner";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { isSupportedLanguage } from "./i18n";
import { getRequestI18n, languageCookie } from "./i18n.server";
import stylesheet from "./tailwind.css?url";
import { logClientError } from "./utils/client-log";
import { useNonce } from "./utils/nonce-provider";
import { isSwissReader } from "./utils/number-locale";
import { useRequestId } from "./utils/request-id";
import type { RootLoaderData } from "./utils/root-data";
import { isServedStatic, staticPageScript } from "./utils/static-page";
import { getToast } from "./utils/toast.server";
import { TranslationLinks, useFollowLanguage, useTranslation } from "./utils/translations";

export const handle = { i18n: ["translation", "catalogue"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language: locale, t } = await getRequestI18n(request, context);
  const { toast, headers: toastHeaders } = await getToast(request, context);
  const user = await getUser(request, context);
  const renewedSessionCookie = await renewSessionIfDue(request, context);
  const consent = await readConsent(request, { secure: !context.env.isLocal });

  const headers = new Headers();
  // `?lng=` is a choice: it sticks in the language cookie (docs/i18n.md).
  if (isSupportedLanguage(new URL(request.url).searchParams.get("lng"))) {
    headers.append("Set-Cookie", await languageCookie({ secure: !context.env.isLocal }).serialize(locale));
  }
  toastHeaders?.forEach((value, name) => headers.append(name, value));
  if (renewedSessionCookie) headers.append("Set-Cookie", renewedSessionCookie);

  return data<RootLoaderData>(
    {
      locale,
      swissReader: isSwissReader(request.headers.get("Accept-Language")),
      toast,
      hasConsent: consent !== null,
      // Only what the header needs: the page itself loads the rest.
      user: user
        ? {
            id: user.id,
            firstName: user.firstName,
            role: user.role,
            unread: await countUnreadNotifications(context.db, user.id),
          }
        : null,
      // Server-rendered pages get it from entry.server, so their data stays cacheable (utils/request-id.ts).
      requestId: context.requestLog.isDataRequest ? context.requestId : null,
      meta: {
        title: t("meta.title"),
        description: t("meta.description"),
        // The root's meta runs for the error page too, with this data.
        errorTitles: {
          404: `${t("errors.notFoundTitle")} – JetMalin`,
          403: `${t("errors.forbidden")} – JetMalin`,
          500: `${t("errors.errorTitle")} – JetMalin`,
        },
      },
    },
    { headers },
  );
}

/**
 * A GET changing only the query of the same page cannot change the frame's data: skipping the
 * root loader makes it lighter, and its failure lands on the page's own error boundary.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const sameQueryPage =
    (!formMethod || formMethod.toUpperCase() === "GET") &&
    currentUrl.pathname === nextUrl.pathname &&
    // Dropping ?lng= keeps the language (the cookie holds it); setting one may change it.
    (!nextUrl.searchParams.has("lng") || currentUrl.searchParams.get("lng") === nextUrl.searchParams.get("lng"));
  return sameQueryPage ? false : defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!data) return [];
  const title = error ? data.meta.errorTitles[errorStatus(error)] : data.meta.title;
  return [{ title }, { name: "description", content: data.meta.description }, { property: "og:title", content: title }];
};

const errorStatus = (error: unknown): 404 | 403 | 500 =>
  isRouteErrorResponse(error) && (error.status === 404 || error.status === 403) ? error.status : 500;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { language } = useTranslation();
  const locale = rootData?.locale ?? language;
  // A signed-out /home: no React in the browser (decision 041); rootData is missing when the root failed.
  const servedStatic = isServedStatic(useMatches(), rootData ? rootData.user !== null : undefined);
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1b33" />
        <Meta />
        <Links />
        {servedStatic ? null : <TranslationLinks />}
      </head>
      <body className="flex min-h-screen flex-col bg-navy-50 font-sans text-navy-900 antialiased">
        {children}
        {servedStatic ? <StaticPageScript /> : <NoncedScripts />}
      </body>
    </html>
  );
}

/** The CSP nonce is set on the server and empty in the browser. */
function NoncedScripts() {
  const nonce = useNonce();
  return (
    <>
      <ScrollRestoration nonce={nonce} />
      <Scripts nonce={nonce} />
    </>
  );
}

function StaticPageScript() {
  return <script type="module" src={staticPageScript} nonce={useNonce()} />;
}

/** The consent banner comes right after the skip link and the toasts after the header, so both start below. */
function Frame({ banner, toaster, children }: { banner?: ReactNode; toaster?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      {/* In the flow when focused, so it covers nothing (the banner neither). */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:m-2 focus:block focus:w-fit focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t("common.skipToContent")}
      </a>
      {banner}
      <SiteHeader />
      {toaster}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App() {
  const { locale, toast, hasConsent } = useLoaderData<typeof loader>();
  // The back-office frame shows a banner toast itself (routes/admin/route.tsx).
  const matches = useMatches();
  useFollowLanguage(locale);
  useScrollToTopOnLanguageChange(locale);
  useMarkHydrated();
  useFocusMainAfterConsent(hasConsent);
  return (
    <Frame
      banner={hasConsent ? null : <CookieBanner />}
      toaster={<Toaster toast={toast?.banner && matches.some((match) => match.id === "routes/admin") ? null : toast} />}
    >
      <Outlet />
    </Frame>
  );
}

/** The banner's button goes with the banner: focus moves to the content instead of falling to the body. */
function useFocusMainAfterConsent(hasConsent: boolean) {
  const previous = useRef(hasConsent);
  useEffect(() => {
    if (!previous.current && hasConsent && (document.activeElement === document.body || !document.activeElement)) {
      document.getElementById("main")?.focus({ preventScroll: true });
    }
    previous.current = hasConsent;
  }, [hasConsent]);
}

/** Browser tests wait for this mark (on the error page too). */
function useMarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

function useScrollToTopOnLanguageChange(locale: string) {
  const previous = useRef(locale);
  useEffect(() => {
    if (previous.current !== locale) window.scrollTo(0, 0);
    previous.current = locale;
  }, [locale]);
}

const ERROR_TEXTS: Record<404 | 403 | 500, [string, string]> = {
  404: ["errors.notFoundTitle", "errors.notFoundText"],
  403: ["errors.forbidden", "errors.forbiddenText"],
  500: ["errors.errorTitle", "errors.errorText"],
};

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const requestId = useRequestId(useRouteLoaderData<typeof loader>("root")?.requestId);
  useMarkHydrated();
  const status = errorStatus(error);
  // In the browser only: the server has logged it already, as one line (entry.server handleError).
  if (status === 500 && typeof document !== "undefined") logClientError("page.error", error);
  const [title, text] = ERROR_TEXTS[status];
  return (
    <Frame>
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-6xl font-bold text-gold-700">{status}</p>
        <h1 className="mt-4 text-3xl font-bold">{t(title)}</h1>
        <p className="mt-4 text-navy-700">{t(text)}</p>
        {requestId ? (
          // Quoted by a customer, found in the logs and in Sentry (decision 017).
          <p className="mt-6 text-sm text-navy-700" data-request-id={requestId}>
            {t("errors.reference", { id: requestId })}
          </p>
        ) : null}
        <Link to="/home" className={`${buttonClassName("primary", "lg")} mt-8 inline-block`}>
          {t("errors.backHome")}
        </Link>
      </section>
    </Frame>
  );
}
