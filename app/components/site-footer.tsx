import { Link } from "@remix-run/react";

import { company, telHref } from "#app/content/company";
import { FOOTER_LINKS } from "#app/content/site-links";
import { useTranslation } from "#app/utils/translations";

import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const { street, postalCode, city } = company.address;
  return (
    <footer className="mt-16 bg-navy-900 text-navy-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo className="text-white" />
          <p className="text-sm">{t("footer.tagline")}</p>
        </div>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="mb-3 text-sm font-semibold uppercase tracking-wide text-gold-400">
            {t("footer.linksHeading")}
          </h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-gold-400">
            {t("footer.contactHeading")}
          </h2>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-semibold text-white">{t("footer.reservations")}</dt>
              <dd>
                <a href={telHref(company.reservationsPhone)} className="hover:text-white hover:underline">
                  {company.reservationsPhone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">{t("footer.customerService")}</dt>
              <dd>
                <a href={`mailto:${company.customerServiceEmail}`} className="hover:text-white hover:underline">
                  {company.customerServiceEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">{t("footer.address")}</dt>
              <dd>
                <address className="not-italic">
                  {company.legalName}
                  <br />
                  {street}
                  <br />
                  {postalCode} {city}, {t("footer.country")}
                </address>
              </dd>
            </div>
          </dl>
        </div>
        <div>
          <h2 id="footer-language" className="mb-3 text-sm font-semibold uppercase tracking-wide text-gold-400">
            {t("footer.language")}
          </h2>
          <nav aria-labelledby="footer-language">
            <LanguageSwitcher className="text-white" />
          </nav>
          <h2 id="footer-newsletter" className="mb-3 mt-8 text-sm font-semibold uppercase tracking-wide text-gold-400">
            {t("catalogue:newsletter.heading")}
          </h2>
          <NewsletterForm />
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">{t("footer.copyright", { year })}</p>
    </footer>
  );
}
