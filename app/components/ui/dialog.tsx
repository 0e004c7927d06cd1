import { Link, useNavigate } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";

import { useTranslation } from "#app/utils/translations";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one dialog of the app (WCAG 2.2 AA). Its open state lives in the URL, `closeTo` being the page
 * without it, so plain links open and close it; once React runs it is a real modal (`showModal`),
 * and focus goes back to `returnFocusId` or to what had it before.
 */
export function Dialog({
  id,
  title,
  closeTo,
  returnFocusId,
  onNavigateKey,
  className = "",
  children,
}: {
  id: string;
  title: ReactNode;
  closeTo: string;
  returnFocusId?: string;
  /** Extra keys the dialog answers (e.g. arrows in a carousel); return true when handled. */
  onNavigateKey?: (key: string) => boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = `${id}-title`;

  // The latest opener id, read when the dialog goes (it may change while open, e.g. the
  // fleet's arrows move to another aircraft, whose card is then the one to go back to).
  const returnFocusIdRef = useRef(returnFocusId);
  returnFocusIdRef.current = returnFocusId;

  // Modal once hydrated; focus returns to the opener on unmount only, not when the content changes.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(`#${CSS.escape(headingId)}`)?.focus();
    return () => {
      const openerId = returnFocusIdRef.current;
      // After React has removed the dialog (and the browser has let go of the modal); not
      // when the same dialog is still there (an effect run again, e.g. in StrictMode).
      requestAnimationFrame(() => {
        if (dialog.isConnected) return;
        const opener = (openerId && document.getElementById(openerId)) || previous;
        if (opener?.isConnected) opener.focus();
      });
    };
  }, [headingId]);

  const close = () => navigate(closeTo, { replace: true, preventScrollReset: true });

  return (
    <dialog
      ref={ref}
      id={id}
      // Server-rendered open (non-modal) so it shows without JavaScript; the effect makes it modal.
      open
      aria-modal="true"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === "Tab") {
          const focusables = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
            (element) => element.offsetParent !== null || element === document.activeElement,
          );
          const first = focusables[0];
          const last = focusables[focusables.length - 1];
          if (!first || !last) return;
          if (
            event.shiftKey &&
            (document.activeElement === first || !event.currentTarget.contains(document.activeElement))
          ) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        } else if (onNavigateKey?.(event.key)) {
          event.preventDefault();
        }
      }}
      className={`fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-6 text-navy-900 shadow-2xl backdrop:bg-navy-900/60 ${className}`}
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id={headingId} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {title}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          aria-label={t("dialog.close")}
          className="rounded-full px-3 py-1 text-2xl leading-none hover:bg-navy-100"
        >
          <span aria-hidden="true">×</span>
        </Link>
      </div>
      <div className="mt-4">{children}</div>
    </dialog>
  );
}
