import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { buttonClassName } from "#app/components/ui/button";
import type { Toast } from "#app/utils/toast";
import { useTranslation } from "#app/utils/translations";

export const TOAST_DURATION_MS: Record<Toast["type"], number> = { success: 2000, error: 4000, message: 4000 };
export const MAX_TOASTS = 20;

const styles: Record<Toast["type"], string> = {
  success: "border-emerald-600 bg-emerald-50 text-emerald-900",
  error: "border-red-600 bg-red-50 text-red-900",
  message: "border-navy-600 bg-white text-navy-900",
};

/**
 * The region hangs from a zero-height sticky strip after the consent banner and the header: toasts
 * start below them, then stick to the viewport's top, so a lasting one never covers their controls
 * (WCAG 2.4.11). The phone menu (z-40) opens over it.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>(toast ? [toast] : []);

  useEffect(() => {
    if (!toast) return;
    setToasts((current) =>
      current.some((item) => item.id === toast.id) ? current : [...current, toast].slice(-MAX_TOASTS),
    );
  }, [toast]);

  const dismiss = (id: string) => setToasts((current) => current.filter((item) => item.id !== id));

  // Below the header a toast can still lie over a control of the page: Escape closes the toasts
  // without moving focus, so the control is never hidden for good (WCAG 2.4.11).
  const shown = toasts.length > 0;
  useEffect(() => {
    if (!shown) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === "Escape") setToasts([]);
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [shown]);

  return (
    <div className="sticky top-0 z-30 h-0 shrink-0">
      <section
        aria-label={t("toast.region")}
        aria-live="polite"
        className="pointer-events-none absolute right-4 top-4 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={() => dismiss(item.id)} closeLabel={t("toast.close")} />
        ))}
      </section>
    </div>
  );
}

function ToastItem({ toast, onDismiss, closeLabel }: { toast: Toast; onDismiss: () => void; closeLabel: string }) {
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  // A toast that offers a link stays until closed: a control must not vanish under the hand (WCAG 2.2.1).
  const lasting = toast.action !== undefined;
  useEffect(() => {
    if (lasting) return;
    const timer = setTimeout(() => dismissRef.current(), TOAST_DURATION_MS[toast.type]);
    return () => clearTimeout(timer);
  }, [toast.type, lasting]);

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      // For a page served without React (utils/static-page.client.js): how long it stays, 0 until closed.
      data-toast={lasting ? 0 : TOAST_DURATION_MS[toast.type]}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${styles[toast.type]}`}
    >
      <div className="flex-1 text-sm">
        {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
        <p>{toast.description}</p>
        {toast.action ? (
          <Link to={toast.action.href} className={`${buttonClassName("primary", "xs")} mt-2 inline-block`}>
            {toast.action.label}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        data-toast-close
        className="rounded px-1 text-lg leading-none"
        aria-label={closeLabel}
      >
        ×
      </button>
    </div>
  );
}
