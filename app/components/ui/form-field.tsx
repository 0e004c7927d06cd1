import { type InputHTMLAttributes, type ReactNode, useState } from "react";

import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";

import { buttonClassName } from "./button";

/** What conform's getInputProps gives, whose `key` resets the field when the form resets. */
type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | undefined };

/** Errors are `auth` keys (app/accounts/account-forms.ts), translated here. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation("auth");
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{t(error)}</li>
      ))}
    </ul>
  );
}

export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation("auth");
  return <FormAlert id={id} messages={errors?.map((error) => t(error))} />;
}

/** A form's own errors, already translated (the request forms' server messages). */
export function FormAlert({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/**
 * `errors` are keys of `namespace`; the caller sets aria-invalid and aria-describedby (conform's
 * getInputProps does, from these ids).
 */
export function FormField({
  id,
  label,
  errorId,
  errors,
  namespace,
  children,
  className = "",
}: {
  id: string;
  label: string;
  errorId: string;
  errors?: string[];
  namespace: "auth" | "catalogue" | "admin" | "offers";
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation(namespace);
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
  "block w-full rounded-lg border border-navy-200 bg-white px-3 py-2 text-navy-900 shadow-sm focus:border-navy-600 focus:outline-none focus:ring-2 focus:ring-gold-400 aria-[invalid=true]:border-red-600 [&[readonly]]:bg-navy-50 [&[readonly]]:text-navy-700";

export function TextField({ label, inputProps, errors }: { label: string; inputProps: InputProps; errors?: string[] }) {
  const { key, ...props } = inputProps;
  const errorId = `${inputProps.id}-error`;
  return (
    <div>
      <label htmlFor={inputProps.id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <input
        key={key}
        {...props}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** The show/hide toggle needs JavaScript: it appears once React runs. */
export function PasswordField({
  label,
  inputProps,
  errors,
}: {
  label: string;
  inputProps: InputProps;
  errors?: string[];
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const { key, ...props } = inputProps;
  const errorId = `${inputProps.id}-error`;
  return (
    <div>
      <label htmlFor={inputProps.id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          key={key}
          {...props}
          type={visible ? "text" : "password"}
          className={`${inputClass} pr-12`}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-controls={inputProps.id}
            aria-pressed={visible}
            aria-label={t(visible ? "fields.hidePassword" : "fields.showPassword")}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-navy-600 hover:text-navy-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-gold-400"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
              />
              {visible ? <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" /> : null}
            </svg>
          </button>
        ) : null}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

const submitStyles = {
  block: `${buttonClassName("solid", "lg", { ring: true, whenDisabled: "dim" })} w-full justify-center`,
  accent: buttonClassName("accent", "lg", { ring: true, whenDisabled: "busy" }),
  primary: buttonClassName("primary", "lg", { ring: true, whenDisabled: "busy" }),
};

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  name,
  value,
  variant = "block",
  className,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  name?: string;
  value?: string;
  variant?: keyof typeof submitStyles;
  /** Classes of its own instead of the variant's (`buttonClassName` of another variant or size). */
  className?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-busy={pending}
      className={className ?? `inline-flex items-center gap-2 ${submitStyles[variant]}`}
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
