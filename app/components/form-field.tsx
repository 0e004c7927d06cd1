import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A labelled field with its error under it. `errors` are message keys of the
 * catalogue namespace; the control gets aria-invalid and aria-describedby from the caller
 * (conform's getInputProps sets both from the same ids).
 */
export function FormField({
  id,
  label,
  errorId,
  errors,
  children,
  className = "",
}: {
  id: string;
  label: string;
  errorId: string;
  errors?: string[];
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("catalogue");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      <p id={errorId} className="mt-1 min-h-5 text-sm text-red-700">
        {errors?.length ? t(errors[0]!) : null}
      </p>
    </div>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-navy-900 aria-[invalid=true]:border-red-600";

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className="inline-flex items-center gap-2 rounded-full bg-gold-400 px-6 py-3 font-semibold text-navy-900 hover:bg-gold-300 disabled:cursor-wait disabled:opacity-70"
    >
      {pending ? (
        <svg viewBox="0 0 24 24" className="h-4 w-4 animate-spin" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="40 20" />
        </svg>
      ) : null}
      {pending ? pendingLabel : label}
    </button>
  );
}
