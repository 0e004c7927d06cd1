import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";

import { type Language, SUPPORTED_LANGUAGES } from "#app/i18n";
import type { RootLoaderData } from "#app/utils/root-data";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export function languageHref(location: { pathname: string; search: string }, language: Language) {
  const params = new URLSearchParams(location.search);
  params.set("lng", language);
  return `${location.pathname}?${params.toString()}`;
}

const itemClass = (current: boolean) =>
  `inline-block rounded px-2 py-1 text-sm font-semibold uppercase ${current ? "bg-gold-400 text-navy-900" : "hover:bg-white/10"}`;

/**
 * Signed out: `?lng=` links. Signed in: a post to /language, which also changes the profile
 * language so that the user's mails follow (decision 024).
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, language: pageLanguage } = useTranslation();
  const location = useLocation();
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>("root")?.user);
  const switching = useIsPending({ formAction: "/language" });
  const items = SUPPORTED_LANGUAGES.map((language) => {
    const current = pageLanguage === language;
    const label = (
      <>
        <span aria-hidden="true">{language}</span>
        <span className="sr-only">{t(`language.${language}`)}</span>
      </>
    );
    return (
      <li key={language}>
        {signedIn ? (
          <button
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-current={current ? "true" : undefined}
            title={t(`language.${language}`)}
            disabled={switching}
            className={`${itemClass(current)} disabled:opacity-60`}
          >
            {label}
          </button>
        ) : (
          <Link
            to={languageHref(location, language)}
            hrefLang={language}
            lang={language}
            aria-current={current ? "true" : undefined}
            title={t(`language.${language}`)}
            preventScrollReset={false}
            className={itemClass(current)}
          >
            {label}
          </Link>
        )}
      </li>
    );
  });
  if (!signedIn) return <ul className={`flex items-center gap-1 ${className}`}>{items}</ul>;
  return (
    <Form method="post" action="/language" aria-busy={switching || undefined}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <ul className={`flex items-center gap-1 ${className}`}>{items}</ul>
    </Form>
  );
}
