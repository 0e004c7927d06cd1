import { Form, useLocation } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** docs/orders.md 'Waitlist'. `route` ("Genève → Nice") tells a list's buttons apart for screen readers. */
export function WaitlistForm({
  flightId,
  route,
  waiting,
  leaveLabel,
  className,
}: {
  flightId: string;
  route: string;
  waiting: boolean;
  /** The leave button's text where the page says it otherwise (the dashboard's 'Quitter'). */
  leaveLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  const pending = useIsPending({ formAction: "/waitlist", field: ["flightId", flightId] });
  const label = waiting ? (leaveLabel ?? t("waitlist.leave")) : t("waitlist.join");
  return (
    <Form method="post" action="/waitlist" preventScrollReset className={className}>
      <input type="hidden" name="flightId" value={flightId} />
      <input type="hidden" name="intent" value={waiting ? "leave" : "join"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {waiting && !leaveLabel ? (
        <p
          className="mb-2 flex items-center justify-center gap-1 text-sm font-semibold text-navy-900"
          data-testid="waitlist-status"
        >
          <span aria-hidden="true">✓</span> {t("waitlist.waiting")}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className={
          waiting
            ? `${buttonClassName("light", "compact", { ring: true })} inline-flex w-full items-center justify-center gap-2 bg-white`
            : `${buttonClassName("primary", "compact", { ring: true })} inline-flex w-full items-center justify-center gap-2`
        }
      >
        {pending ? (
          <svg viewBox="0 0 24 24" className="h-4 w-4 animate-spin" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="40 20" />
          </svg>
        ) : null}
        {pending ? t(waiting ? "waitlist.leaving" : "waitlist.joining") : label}
        <span className="sr-only"> – {route}</span>
      </button>
    </Form>
  );
}
