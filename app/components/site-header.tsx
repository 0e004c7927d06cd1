import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "./logo";

const buttonBase = "inline-flex items-center justify-center rounded-full px-4 py-2 text-sm font-semibold";

export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const authLinks = (
    <>
      <Link to="/login" className={`${buttonBase} border border-white/40 hover:bg-white/10`}>
        {t("header.login")}
      </Link>
      <Link to="/register" className={`${buttonBase} bg-gold-400 text-navy-900 hover:bg-gold-300`}>
        {t("header.register")}
      </Link>
    </>
  );

  return (
    <header className="bg-navy-900 text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/home" aria-label={t("header.home")} className="rounded">
          <Logo />
        </Link>
        <nav aria-label={t("header.mainNav")} className="hidden items-center gap-3 md:flex">
          {authLinks}
        </nav>
        {/* A <details> menu opens without JavaScript; the key closes it after each navigation. */}
        <details key={location.key} className="group relative md:hidden">
          <summary
            className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-white/40 px-3 py-2 text-sm"
            aria-label={t("header.openMenu")}
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
            </svg>
            <span>{t("header.menu")}</span>
          </summary>
          <nav
            aria-label={t("header.mainNav")}
            className="absolute right-0 z-40 mt-2 flex w-56 flex-col gap-2 rounded-xl bg-navy-800 p-3 shadow-xl"
          >
            {authLinks}
          </nav>
        </details>
      </div>
    </header>
  );
}
