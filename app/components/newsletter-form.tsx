import { Form, useLocation } from "@remix-run/react";

import { Button } from "#app/components/ui/button";
import { MAX_EMAIL } from "#app/utils/forms/limits";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export function NewsletterForm() {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  const pending = useIsPending({ formAction: "/newsletter" });
  return (
    // noValidate: the server's translated messages, not the browser's bubble.
    <Form method="post" action="/newsletter" preventScrollReset noValidate className="space-y-2">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="newsletter-email" className="block text-sm">
        {t("newsletter.label")}
      </label>
      {/* In the desktop footer's narrow column the button goes under the field, which keeps room for an address. */}
      <div className="flex flex-wrap gap-2">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={MAX_EMAIL}
          placeholder={t("newsletter.placeholder")}
          className="min-w-40 flex-1 rounded-full border border-white/30 bg-white/10 px-4 py-2 text-sm text-white placeholder:text-navy-200"
        />
        {/* Its id: a page served without React puts focus back on it after the answer (decision 041). */}
        <Button
          id="newsletter-submit"
          type="submit"
          disabled={pending}
          variant="accent"
          size="compact"
          whenDisabled="dim"
        >
          {pending ? t("newsletter.submitting") : t("newsletter.submit")}
        </Button>
      </div>
    </Form>
  );
}
