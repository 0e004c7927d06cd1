import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { MAX_PASSWORD } from "#app/accounts/account-forms";
import { MAX_PASSKEY_NAME } from "#app/accounts/passkey-forms";
import { buttonClassName } from "#app/components/ui/button";
import { FieldErrors } from "#app/components/ui/form-field";
import { useTranslation } from "#app/utils/translations";
import { useHydrated } from "#app/utils/use-hydrated";

import { type Ceremony, createPasskey, getPasskeyAssertion, passkeySupport, whenIdleOrFocused } from "./passkey-client";

type Answer = { result?: SubmissionResult<string[]> };
type Problem = { message: string; translated: boolean; field?: "password" } | null;

/**
 * A success redirects with its toast; a refusal comes back as the form's error. The buttons exist
 * only once React runs and the browser knows WebAuthn; without JavaScript the page says why.
 */
function useCeremony(action: string, onSuccess?: () => void) {
  const fetcher = useFetcher<Answer>();
  const sent = useRef(false);
  const [problem, setProblem] = useState<Problem>(null);
  const [running, setRunning] = useState(false);
  const [supported, setSupported] = useState<{ supported: boolean; autofill: boolean } | null>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) void passkeySupport().then(setSupported);
  }, [hydrated]);
  async function run<A>(ceremony: () => Promise<Ceremony<A>>, fields: Record<string, string>, quiet = false) {
    // The email field's wait (`quiet`) is no pending button: the person has not asked yet.
    if (!quiet) setRunning(true);
    setProblem(null);
    const outcome = await ceremony();
    if (!quiet) setRunning(false);
    if (!outcome.ok) {
      if (!quiet) setProblem(outcome);
      return;
    }
    sent.current = true;
    fetcher.submit({ ...fields, response: JSON.stringify(outcome.answer) }, { method: "post", action });
  }
  // A success redirects, which leaves the fetcher idle without an answer; a refusal answers the form.
  useEffect(() => {
    if (fetcher.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (!fetcher.data?.result) onSuccess?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.state, fetcher.data]);
  const serverErrors = fetcher.state === "idle" ? fetcher.data?.result?.error : undefined;
  const pending = running || fetcher.state !== "idle";
  return { run, problem, serverErrors, pending, supported };
}

function Problems({ id, problem, errors }: { id: string; problem: Problem; errors?: string[] | null }) {
  const { t } = useTranslation("auth");
  const messages = [
    ...(problem ? [problem.translated ? problem.message : t(problem.message)] : []),
    ...(errors ?? []).map((key) => t(key)),
  ].filter(Boolean);
  if (!messages.length) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function Availability({ supported }: { supported: { supported: boolean } | null }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <noscript>
        <p className="text-sm text-navy-700">{t("passkeys.needsJavaScript")}</p>
      </noscript>
      {supported && !supported.supported ? <p className="text-sm text-navy-700">{t("passkeys.unsupported")}</p> : null}
    </>
  );
}

/** Where the browser can, its passkeys are also offered in the email field (conditional mediation). */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const { t } = useTranslation("auth");
  const { run, problem, serverErrors, pending, supported } = useCeremony("/login");
  const fields = { intent: "passkey", ...(redirectTo ? { redirectTo } : {}) };
  const started = useRef(false);
  const cancelAutofill = useRef(() => {});
  useEffect(() => {
    if (!supported?.autofill || started.current) return;
    // Waits for the person to pick a passkey in the field; a cancelled wait says nothing. Started after
    // the page's load, or when the field is focused, so the library and the options request wait too.
    cancelAutofill.current = whenIdleOrFocused(() => {
      started.current = true;
      void run(() => getPasskeyAssertion({ autofill: true }), fields, true);
    });
    return () => cancelAutofill.current();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, [supported]);
  function signIn() {
    // A wait started after the button's ceremony would abort it: pressed first, the button wins.
    cancelAutofill.current();
    started.current = true;
    void run(() => getPasskeyAssertion(), fields);
  }
  return (
    <div className="mt-6 space-y-3 border-t border-navy-100 pt-6">
      <Availability supported={supported} />
      {supported?.supported ? (
        <>
          <Problems id="passkey-sign-in-error" problem={problem} errors={serverErrors?.[""]} />
          <button
            type="button"
            disabled={pending}
            aria-busy={pending}
            onClick={signIn}
            className={`w-full ${buttonClassName("outline", "md")}`}
          >
            {t(pending ? "passkeys.signingIn" : "passkeys.signIn")}
          </button>
        </>
      ) : null}
    </div>
  );
}

/** The options are asked with the account's password (decision 038), typed again after every try. */
export function AddPasskeyForm({ redirectTo }: { redirectTo?: string | null }) {
  const { t } = useTranslation("auth");
  const [name, setName] = useState("");
  // Added: the form is empty again for the next passkey.
  const { run, problem, serverErrors, pending, supported } = useCeremony("/profile/passkeys", () => setName(""));
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ name?: string[]; password?: string[] }>({});
  const nameErrors = fieldErrors.name ?? serverErrors?.name ?? undefined;
  const passwordProblem = problem?.field === "password" ? problem.message : null;
  const passwordErrors = fieldErrors.password;
  const passwordInvalid = !!passwordProblem || !!passwordErrors?.length;
  function add() {
    const missing = {
      name: name.trim() ? undefined : ["passkeys.errors.nameRequired"],
      password: password ? undefined : ["validation.passwordRequired"],
    };
    setFieldErrors(missing);
    if (missing.name || missing.password) return;
    const typed = password;
    setPassword("");
    void run(() => createPasskey(typed), { intent: "add", name, ...(redirectTo ? { redirectTo } : {}) });
  }
  return (
    <div className="mt-4 space-y-3">
      <Availability supported={supported} />
      {supported?.supported ? (
        <>
          <Problems id="passkey-add-error" problem={passwordProblem ? null : problem} errors={serverErrors?.[""]} />
          <label htmlFor="passkey-name" className="block text-sm font-semibold">
            {t("passkeys.nameLabel")}
          </label>
          <input
            id="passkey-name"
            value={name}
            maxLength={MAX_PASSKEY_NAME}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameErrors?.length ? true : undefined}
            aria-describedby={nameErrors?.length ? "passkey-name-error" : undefined}
            className="w-full rounded-lg border border-navy-300 px-3 py-2"
          />
          <FieldErrors id="passkey-name-error" errors={nameErrors} />
          <label htmlFor="passkey-password" className="block text-sm font-semibold">
            {t("passkeys.addPassword")}
          </label>
          <input
            id="passkey-password"
            type="password"
            autoComplete="current-password"
            value={password}
            maxLength={MAX_PASSWORD}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={passwordInvalid ? true : undefined}
            aria-describedby={passwordInvalid ? "passkey-password-error" : undefined}
            className="w-full rounded-lg border border-navy-300 px-3 py-2"
          />
          {passwordProblem ? (
            <p id="passkey-password-error" role="alert" className="mt-1 text-sm text-red-700">
              {passwordProblem}
            </p>
          ) : (
            <FieldErrors id="passkey-password-error" errors={passwordErrors} />
          )}
          <button
            type="button"
            disabled={pending}
            aria-busy={pending}
            onClick={add}
            className={buttonClassName("primary", "md")}
          >
            {t(pending ? "passkeys.adding" : "passkeys.add")}
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Removing another passkey, or the staff confirmation: posts `intent` (and `id`) to /profile/passkeys. */
export function ConfirmWithPasskey({
  intent,
  label,
  fields = {},
}: {
  intent: "removeWithPasskey" | "confirm";
  label: string;
  fields?: Record<string, string>;
}) {
  const { t } = useTranslation("auth");
  const { run, problem, serverErrors, pending, supported } = useCeremony("/profile/passkeys");
  if (!supported?.supported) return <Availability supported={supported} />;
  return (
    <div className="space-y-2">
      <Problems id={`passkey-${intent}-error`} problem={problem} errors={serverErrors?.[""]} />
      <button
        type="button"
        disabled={pending}
        aria-busy={pending}
        onClick={() => void run(() => getPasskeyAssertion(), { intent, ...fields })}
        className={buttonClassName("secondary", "md")}
      >
        {pending ? t("passkeys.checking") : label}
      </button>
    </div>
  );
}
