import { Form, Link, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";

import { company, telHref } from "#app/content/company";
import type { RootLoaderData } from "#app/utils/root-data";
import { useTranslation } from "#app/utils/translations";

import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { buttonClassName, type ButtonLook, type ButtonVariant } from "./ui/button";

const headerButton = (variant: ButtonVariant, look?: ButtonLook) =>
  `${buttonClassName(variant, "compact", look)} inline-flex items-center justify-center`;

type HeaderUser = { id: string; firstName: string; role: "client" | "gestionnaire" | "admin"; unread: number };

export function SiteHeader() {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useRouteLoaderData<RootLoaderData>("root")?.user ?? null;
  const links = user ? (
    <SignedInLinks user={user} />
  ) : (
    <>
      {/* A visitor chooses the language here too, not only at the foot of the page. */}
      <LanguageSwitcher />
      <Link to="/login" className={headerButton("onDark")}>
        {t("header.login")}
      </Link>
      <Link to="/register" className={headerButton("accent")}>
        {t("header.register")}
      </Link>
    </>
  );

  return (
    <header className="bg-navy-900 text-white">
      {/* Reachable from every page, not only the footer: a strip on a wide screen, the phone menu's last part. */}
      <div className="hidden border-b border-white/10 md:block">
        <div className="mx-auto flex max-w-6xl items-center justify-end gap-x-5 px-4 py-1.5 text-sm">
          <span className="text-navy-100">{t("header.contact.prompt")}</span>
          <ContactLinks />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/home" aria-label={t("header.home")} className="rounded">
          <Logo />
        </Link>
        <nav aria-label={t("header.mainNav")} className="hidden items-center gap-3 md:flex">
          {links}
        </nav>
        {/* A <details> menu opens without JavaScript; the key closes it after each navigation, Escape too. */}
        <details
          key={location.key}
          className="group relative md:hidden"
          onKeyDown={(event) => {
            const menu = event.currentTarget;
            if (event.key !== "Escape" || !menu.open) return;
            menu.open = false;
            menu.querySelector("summary")?.focus();
          }}
        >
          <summary
            className="flex cursor-pointer list-none items-center gap-2 rounded-full border border-white/40 px-3 py-2 text-sm"
            aria-label={t("header.openMenu")}
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
            </svg>
            <span>{t("header.menu")}</span>
          </summary>
          <div className="absolute right-0 z-40 mt-2 w-60 rounded-xl bg-navy-800 p-3 shadow-xl">
            <nav aria-label={t("header.mainNav")} className="flex flex-col gap-2">
              {links}
            </nav>
            <div className="mt-3 flex flex-col gap-2 border-t border-white/20 pt-3 text-sm">
              <span className="text-navy-100">{t("header.contact.prompt")}</span>
              <ContactLinks />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}

/** Each link's name says what it does, the visible number or address included. */
function ContactLinks() {
  const { t } = useTranslation();
  const link = "inline-flex items-center gap-2 rounded font-semibold text-white underline-offset-4 hover:underline";
  return (
    <>
      <a href={telHref(company.reservationsPhone)} className={link}>
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M6.6 2.2 4.3 2a2 2 0 0 0-2.2 2 14 14 0 0 0 13.9 14 2 2 0 0 0 2-2.2l-.2-2.3a1 1 0 0 0-.7-.9l-3-.9a1 1 0 0 0-1 .3l-1.2 1.3a11 11 0 0 1-4.3-4.3L8.9 7.7a1 1 0 0 0 .3-1l-.9-3a1 1 0 0 0-.9-.7z"
          />
        </svg>
        <span className="sr-only">{t("header.contact.call")} </span>
        <span className="whitespace-nowrap">{company.reservationsPhone}</span>
      </a>
      <a href={`mailto:${company.customerServiceEmail}`} className={link}>
        <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M2 4h16a1 1 0 0 1 1 1v.4l-9 5.4-9-5.4V5a1 1 0 0 1 1-1zm-1 3.7 9 5.4 9-5.4V15a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1z"
          />
        </svg>
        <span className="sr-only">{t("header.contact.write")} </span>
        <span>{company.customerServiceEmail}</span>
      </a>
    </>
  );
}

function SignedInLinks({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const staff = user.role === "admin" || user.role === "gestionnaire";
  return (
    <>
      <LanguageSwitcher />
      {staff ? (
        <Link to="/admin" className={headerButton("onDarkGold")}>
          {t("header.dashboard")}
        </Link>
      ) : null}
      <Link
        to="/notifications"
        aria-label={t("header.notifications", { count: user.unread })}
        className={`${headerButton("onDark")} relative`}
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M10 2a5 5 0 0 0-5 5v3.6L3.3 13.5A1 1 0 0 0 4.2 15h11.6a1 1 0 0 0 .9-1.5L15 10.6V7a5 5 0 0 0-5-5zm-2 14a2 2 0 0 0 4 0z"
          />
        </svg>
        {user.unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-badge"
            className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
          >
            {user.unread}
          </span>
        ) : null}
      </Link>
      <Link
        to="/profile"
        aria-label={t("header.profile", { name: user.firstName })}
        className={`${headerButton("onDark")} gap-2`}
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z" />
        </svg>
        <span>{user.firstName}</span>
      </Link>
      <Form method="post" action="/logout">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          disabled={signingOut}
          className={`${headerButton("accent", { whenDisabled: "dim" })} w-full`}
        >
          {t("header.logout")}
        </button>
      </Form>
    </>
  );
}
