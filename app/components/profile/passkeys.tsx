import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";

import { PasskeysPageSchema } from "#app/accounts/passkey-forms";
import { ConfirmWithPasskey } from "#app/components/passkeys/passkey-buttons";
import { buttonClassName } from "#app/components/ui/button";
import { FormErrors, PasswordField, SubmitButton } from "#app/components/ui/form-field";
import { formatDay } from "#app/utils/format";
import { parseForm } from "#app/utils/forms/parse";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";
import { useLanguage } from "#app/utils/use-language";

type Passkey = { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null };

/** Each removable with the password (no JavaScript needed) or with another passkey. */
export function PasskeyList({
  passkeys,
  lastResult,
}: {
  passkeys: Passkey[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("auth");
  if (!passkeys.length) return <p className="mt-4 text-navy-700">{t("passkeys.none")}</p>;
  return (
    <ul className="mt-6 space-y-4">
      {passkeys.map((passkey) => (
        <PasskeyItem
          key={passkey.id}
          passkey={passkey}
          others={passkeys.length > 1}
          lastResult={lastResult?.initialValue?.id === passkey.id ? lastResult : undefined}
        />
      ))}
    </ul>
  );
}

function PasskeyItem({
  passkey,
  others,
  lastResult,
}: {
  passkey: Passkey;
  others: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("auth");
  const language = useLanguage();
  const removing = useIsPending({ intent: "remove", field: ["id", passkey.id] });
  const [form, fields] = useForm({
    id: `remove-passkey-${passkey.id}`,
    lastResult,
    onValidate: ({ formData }) => parseForm(formData, { schema: PasskeysPageSchema }),
    shouldValidate: "onSubmit",
  });
  const titleId = `passkey-${passkey.id}`;
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-navy-100 p-4">
      <h2 id={titleId} className="text-lg font-semibold break-words">
        {passkey.name}
      </h2>
      <p className="text-sm text-navy-700">
        {t("passkeys.addedOn", { date: formatDay(new Date(passkey.createdAt), language) })}
        {" · "}
        {passkey.lastUsedAt
          ? t("passkeys.lastUsed", { date: formatDay(new Date(passkey.lastUsedAt), language) })
          : t("passkeys.neverUsed")}
      </p>
      <details className="mt-3" open={!!lastResult}>
        <summary className="cursor-pointer font-semibold text-red-800">{t("passkeys.remove")}</summary>
        <Form method="post" {...getFormProps(form)} noValidate className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={passkey.id} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <PasswordField
            label={t("passkeys.removePassword", { name: passkey.name })}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <SubmitButton
            pending={removing}
            label={t("passkeys.remove")}
            pendingLabel={t("passkeys.removing")}
            className={buttonClassName("danger", "md", { ring: true, whenDisabled: "busy" })}
          />
        </Form>
        {others ? (
          <div className="mt-3">
            <ConfirmWithPasskey
              intent="removeWithPasskey"
              label={t("passkeys.removeWithPasskey")}
              fields={{ id: passkey.id }}
            />
          </div>
        ) : null}
      </details>
    </li>
  );
}

export function PasskeysSummary({ count }: { count: number }) {
  const { t } = useTranslation("auth");
  return (
    <section aria-labelledby="passkeys-title" className="mt-6 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="passkeys-title" className="text-xl font-bold">
        {t("passkeys.title")}
      </h2>
      <p className="mt-2 text-navy-700">{count ? t("passkeys.profileCount", { count }) : t("passkeys.profileNone")}</p>
      <Link to="/profile/passkeys" className="mt-4 inline-block font-semibold text-navy-700 underline">
        {t("passkeys.manage")}
      </Link>
    </section>
  );
}
