import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";

import { ADMIN_PASSWORD_MIN } from "#app/accounts/admin-user-forms";
import { useHrefWith } from "#app/components/admin/list-controls";
import { NameFields } from "#app/components/ui/account-fields";
import { Button, buttonClassName } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { FormAlert, PasswordField, SubmitButton, TextField } from "#app/components/ui/form-field";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

import { type UserFormResult, useUserForm } from "./users-form";
import type { UserView } from "./users-list";

/** 'Nouveau client' or 'Nouveau gestionnaire': a confirmed account at once. */
export function CreateUserDialog({
  role,
  lastResult,
}: {
  role: "client" | "gestionnaire";
  lastResult: UserFormResult;
}) {
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const intent = role === "client" ? "create-client" : "create-gestionnaire";
  const [form, fields] = useUserForm(`user-${intent}`, lastResult);
  const creating = useIsPending({ intent });
  return (
    <Dialog
      id="create-user-dialog"
      title={t(role === "client" ? "users.newClient" : "users.newGestionnaire")}
      closeTo={hrefWith({ dialog: undefined })}
      returnFocusId={role === "client" ? "open-new-client" : "open-new-gestionnaire"}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <TextField
          label={tAuth("fields.email")}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          errors={fields.email.errors}
        />
        <PasswordField
          label={tAuth("fields.password")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <SubmitButton
          variant="primary"
          pending={creating}
          label={t("users.create")}
          pendingLabel={t("users.creating")}
        />
      </Form>
    </Dialog>
  );
}

/** Under 8 characters the button stays disabled and nothing is sent (the server checks again). */
export function PasswordDialog({ user, lastResult }: { user: UserView; lastResult: UserFormResult }) {
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const [length, setLength] = useState<number | null>(null);
  const [form, fields] = useUserForm("user-password", lastResult);
  const updating = useIsPending({ intent: "password", field: ["userId", user.id] });
  // Before JavaScript runs `length` is null: the button works and the server checks.
  const tooShort = length !== null && length < ADMIN_PASSWORD_MIN;
  return (
    <Dialog
      id="password-dialog"
      title={t("users.passwordTitle", { name: `${user.firstName} ${user.lastName}` })}
      closeTo={hrefWith({ dialog: undefined })}
      returnFocusId="open-password"
    >
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="space-y-4"
        onInput={(event) =>
          setLength((event.currentTarget.elements.namedItem("password") as HTMLInputElement).value.length)
        }
      >
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="userId" value={user.id} />
        <FormAlert id={form.errorId} messages={form.errors} />
        <PasswordField
          label={tAuth("fields.newPassword")}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            "aria-describedby": "password-hint",
          }}
          errors={fields.password.errors}
        />
        <p id="password-hint" className="text-sm text-navy-700">
          {t("users.passwordHint")}
        </p>
        <Button
          type="submit"
          disabled={updating || tooShort || length === 0}
          aria-busy={updating}
          variant="primary"
          size="lg"
          whenDisabled="blocked"
        >
          {updating ? t("users.updatingPassword") : t("users.updatePassword")}
        </Button>
      </Form>
    </Dialog>
  );
}

export function DeleteDialog({ user, lastResult }: { user: UserView; lastResult: UserFormResult }) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const deleting = useIsPending({ intent: "delete", field: ["userId", user.id] });
  const errors = lastResult?.error?.[""] ?? undefined;
  return (
    <Dialog
      id="delete-dialog"
      title={t("users.deleteTitle", { name: `${user.firstName} ${user.lastName}` })}
      closeTo={hrefWith({ dialog: undefined })}
      returnFocusId="open-delete"
    >
      {errors?.length ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
      <p>{t("users.deleteText")}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="userId" value={user.id} />
        <Button type="submit" disabled={deleting} aria-busy={deleting} variant="danger" size="lg" whenDisabled="dim">
          {deleting ? t("users.deleting") : t("users.confirmDelete")}
        </Button>
        <Link
          to={hrefWith({ dialog: undefined })}
          replace
          preventScrollReset
          className={buttonClassName("outline", "lg")}
        >
          {t("users.cancel")}
        </Link>
      </Form>
    </Dialog>
  );
}
