import { Form, useLocation } from "@remix-run/react";
import { useIsPending } from "#app/utils/use-is-pending";
import { useTranslation } from "#app/utils/translations";

/**
 * 'Me prévenir si une place se libère' on a sold-out flight (issue 18): a plain form
 * posting to /waitlist, so it works without JavaScript, and back to this page with a
 * toast. Once joined it says so and offers to leave. Signed out, the server answers with
 * the sign-in toast, as for the heart. `route` ("Genève → Nice") tells the buttons of a
 * list apart for screen readers.
 */
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
            ? "inline-flex w-full items-center justify-center gap-2 rounded-full border-2 border-navy-900 bg-white px-4 py-2 text-sm font-semibold text-navy-900 hover:bg-navy-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
            : "inline-flex w-full items-center justify-center gap-2 rounded-full bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
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
