import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { useHrefWith } from "#app/components/admin/list-controls";
import { NameFields } from "#app/components/ui/account-fields";
import { buttonClassName } from "#app/components/ui/button";
import { FormAlert, inputClass, SubmitButton, TextField } from "#app/components/ui/form-field";
import { PROFILE_LANGUAGES, ROLES } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { type UserFormResult, useUserForm } from "./users-form";
import type { UserView } from "./users-list";

export function UserDetail({
  user,
  isActor,
  lastResult,
}: {
  user: UserView;
  isActor: boolean;
  lastResult: UserFormResult;
}) {
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const [form, fields] = useUserForm(`user-edit-${user.id}`, lastResult, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? "",
    language: user.language,
    role: user.role,
  });
  const saving = useIsPending({ intent: "update", field: ["userId", user.id] });
  return (
    <article aria-labelledby="user-detail-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h3 id="user-detail-heading" className="text-xl font-bold">
        {user.firstName} {user.lastName}
      </h3>
      <p className="mt-1 text-sm text-navy-700">
        {t("users.createdOn", { date: user.createdOn })} ·{" "}
        {user.confirmed ? t("users.confirmed") : t("users.unconfirmed")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="userId" value={user.id} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <TextField
          label={tAuth("fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
        />
        <TextField
          label={`${tAuth("fields.phone")} ${t("users.optional")}`}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }}
          errors={fields.phone.errors}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={tAuth("fields.language")} props={getSelectProps(fields.language)}>
            {PROFILE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {tAuth(`languages.${language}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={tAuth("fields.role")}
            props={getSelectProps(fields.role)}
            note={isActor ? t("users.ownRole") : undefined}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {tAuth(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <SubmitButton variant="primary" pending={saving} label={t("users.save")} pendingLabel={t("users.saving")} />
          <Link
            id="open-password"
            to={hrefWith({ dialog: "password" })}
            preventScrollReset
            className={buttonClassName("outline", "md")}
          >
            {t("users.changePassword")}
          </Link>
          {/* A download: the browser saves the file and stays on the tab (a GET, so it works without JavaScript). */}
          <a
            href={`/admin/users/${encodeURIComponent(user.id)}/data.json`}
            download
            className={buttonClassName("outline", "md")}
          >
            {t("users.downloadData")}
          </a>
          {isActor ? null : (
            <Link
              id="open-delete"
              to={hrefWith({ dialog: "delete" })}
              preventScrollReset
              className={buttonClassName("dangerOutline", "md")}
            >
              {t("users.delete")}
            </Link>
          )}
        </div>
      </Form>
    </article>
  );
}

function SelectField({
  label,
  props,
  note,
  children,
}: {
  label: string;
  props: ReturnType<typeof getSelectProps>;
  note?: string;
  children: ReactNode;
}) {
  const { key, ...rest } = props;
  const noteId = `${props.id}-note`;
  return (
    <div>
      <label htmlFor={props.id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select key={key} {...rest} className={inputClass} aria-describedby={note ? noteId : undefined}>
        {children}
      </select>
      {note ? (
        <p id={noteId} className="mt-1 text-sm text-navy-700">
          {note}
        </p>
      ) : null}
    </div>
  );
}
