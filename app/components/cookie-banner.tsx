import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** First-visit consent (a POST form, so it works without JavaScript); changeable on /cookies. */
export function CookieBanner() {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  if (location.pathname === "/cookies") return null;
  return (
    <section
      aria-labelledby="cookie-banner-heading"
      className="fixed inset-x-2 bottom-2 z-40 mx-auto max-w-3xl rounded-2xl bg-white p-4 text-sm shadow-2xl ring-1 ring-navy-200 sm:p-5"
    >
      <h2 id="cookie-banner-heading" className="font-bold">
        {t("cookies.banner.heading")}
      </h2>
      <p className="mt-1 text-navy-700">
        {t("cookies.banner.text")}{" "}
        <Link to="/cookies" className="font-semibold underline">
          {t("cookies.banner.customise")}
        </Link>
      </p>
      <Form method="post" action="/cookies" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" name="intent" value="accept-all" className="rounded-full bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
          {t("cookies.banner.acceptAll")}
        </button>
        <button type="submit" name="intent" value="essential-only" className="rounded-full border border-navy-900 px-4 py-2 font-semibold hover:bg-navy-100">
          {t("cookies.banner.essentialOnly")}
        </button>
      </Form>
    </section>
  );
}
