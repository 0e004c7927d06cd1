import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { SUPPORTED_LANGUAGES, type Language } from "#app/i18n";

/** `?lng=xx` on the current page, other parameters kept: works without JavaScript. */
export function languageHref(location: { pathname: string; search: string }, language: Language) {
  const params = new URLSearchParams(location.search);
  params.set("lng", language);
  return `${location.pathname}?${params.toString()}`;
}

export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, language: pageLanguage } = useTranslation();
  const location = useLocation();
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {SUPPORTED_LANGUAGES.map((language) => {
        const current = pageLanguage === language;
        return (
          <li key={language}>
            <Link
              to={languageHref(location, language)}
              hrefLang={language}
              lang={language}
              aria-current={current ? "true" : undefined}
              title={t(`language.${language}`)}
              preventScrollReset={false}
              className={`inline-block rounded px-2 py-1 text-sm font-semibold uppercase ${
                current ? "bg-gold-400 text-navy-900" : "hover:bg-white/10"
              }`}
            >
              <span aria-hidden="true">{language}</span>
              <span className="sr-only">{t(`language.${language}`)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
