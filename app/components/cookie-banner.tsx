import { Form, Link, useLocation } from "@remix-run/react";

import { Button } from "#app/components/ui/button";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/**
 * In the flow right after the skip link, not floating over the page: it never covers the focused
 * control (WCAG 2.4.11) and its buttons are the first Tab stops.
 */
export function CookieBanner() {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  const pending = useIsPending({ formAction: "/cookies" });
  if (location.pathname === "/cookies") return null;
  return (
    <section aria-labelledby="cookie-banner-heading" className="border-b border-navy-200 bg-white text-sm">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="cookie-banner-heading" className="font-bold">
            {t("cookies.banner.heading")}
          </h2>
          <p className="mt-1 text-navy-700">
            {t("cookies.banner.text")}{" "}
            <Link to="/cookies" className="font-semibold underline">
              {t("cookies.banner.customise")}
            </Link>
          </p>
        </div>
        <Form method="post" action="/cookies" preventScrollReset className="flex shrink-0 flex-wrap gap-2">
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <Button
            type="submit"
            name="intent"
            value="accept-all"
            disabled={pending}
            variant="primary"
            size="sm"
            whenDisabled="dim"
          >
            {t("cookies.banner.acceptAll")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="essential-only"
            disabled={pending}
            variant="quiet"
            size="sm"
            whenDisabled="dim"
          >
            {t("cookies.banner.essentialOnly")}
          </Button>
        </Form>
      </div>
    </section>
  );
}
