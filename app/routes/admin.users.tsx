import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "#app/utils/translations";
import { ListSearch, Pagination, useHrefWith } from "#app/components/admin/list-controls";
import { NameFields } from "#app/components/ui/account-fields";
import { Dialog } from "#app/components/ui/dialog";
import { FormErrors, PasswordField, SubmitButton, TextField, inputClass } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import {
  USERS_PAGE_SIZE,
  createConfirmedUser,
  deleteUser,
  findAdminUser,
  listUsers,
  setUserPassword,
  updateUser,
  type UserChangeOutcome,
} from "#app/models/admin-users.server";
import { PROFILE_LANGUAGES, ROLES, type Role } from "#app/utils/constants";
import { formatDay } from "#app/utils/format";
import { ADMIN_PASSWORD_MIN, UserCreateSchema, UserEditSchema, UserPasswordSchema } from "#app/utils/forms/admin-users";
import { pageParam, searchParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { hashPassword } from "#app/utils/password.server";
import { requirePermission } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { loadingTranslations } from "#app/utils/route-translations";

export const handle = { i18n: ["admin", "auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

const DIALOGS = ["new-client", "new-gestionnaire", "password", "delete"] as const;

/** The list, the selected user (?user=) and the open dialog (?dialog=), all from the URL. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requirePermission(request, context, "users:manage");
  const { t, language } = await getRequestI18n(request, context, "admin");
  const searchParams = new URL(request.url).searchParams;
  const search = searchParam(searchParams);
  const page = pageParam(searchParams);
  const dialog = DIALOGS.find((name) => name === searchParams.get("dialog")) ?? null;
  const userId = searchParams.get("user");
  try {
    const [{ users, total }, selected] = await Promise.all([
      listUsers(context.db, { search, page }),
      userId ? findAdminUser(context.db, userId.slice(0, 64)) : null,
    ]);
    const view = (user: NonNullable<typeof selected>) => ({ ...user, createdOn: formatDay(user.createdAt, language), confirmed: user.emailConfirmedAt !== null });
    return {
      title: `${t("users.heading")} – ${t("layout.titleAdmin")}`,
      actorId: actor.id,
      search,
      page,
      pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
      users: users.map(view),
      selected: selected ? view(selected) : null,
      dialog,
      loadError: null,
    };
  } catch (error) {
    console.error("admin users: the list could not be loaded", error);
    return { title: t("users.heading"), actorId: actor.id, search, page, pages: 1, users: [], selected: null, dialog: null, loadError: t("users.errors.load") };
  }
}

type Intent = "update" | "password" | "delete" | "create-client" | "create-gestionnaire";

const OUTCOME_ERRORS: Record<Exclude<UserChangeOutcome, "done">, string> = {
  notFound: "users.errors.notFound",
  self: "users.errors.self",
  lastAdmin: "users.errors.lastAdmin",
  emailTaken: "users.errors.emailTaken",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePermission(request, context, "users:manage");
  const { t } = await getRequestI18n(request, context, "admin");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const userId = String(formData.get("userId") ?? "").slice(0, 64);
  const now = context.now();
  const refuse = (intentOf: Intent, message: string, status: number, result?: SubmissionResult<string[]>) =>
    data({ intent: intentOf, result: result ?? { status: "error" as const, error: { "": [message] } } }, { status });

  switch (intent) {
    case "update": {
      const submission = parseWithZod(formData, { schema: UserEditSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
      const { intent: _, phone, ...changes } = submission.value;
      const outcome = await updateUser(context.db, { userId, actorId: actor.id, changes: { ...changes, phone: phone ?? null }, now }).catch(
        (error: unknown) => (console.error("admin users: update failed", error), "failed" as const),
      );
      if (outcome === "done") return redirectWithToast(context, `/admin/users?user=${userId}`, { type: "success", description: t("users.success.updated") });
      const message = outcome === "failed" ? t("users.errors.generic") : t(OUTCOME_ERRORS[outcome]);
      return refuse(intent, message, outcome === "failed" ? 500 : outcome === "notFound" ? 404 : 409, submission.reply({ formErrors: [message] }));
    }
    case "password": {
      const submission = parseWithZod(formData, { schema: UserPasswordSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      const changed = await hashPassword(submission.value.password)
        .then((passwordHash) => setUserPassword(context.db, { userId, passwordHash, now }))
        .catch((error: unknown) => (console.error("admin users: password change failed", error), false));
      if (changed) return redirectWithToast(context, `/admin/users?user=${userId}`, { type: "success", description: t("users.success.password") });
      return refuse(intent, t("users.errors.password"), 400, submission.reply({ formErrors: [t("users.errors.password")], hideFields: ["password"] }));
    }
    case "delete": {
      const outcome = await deleteUser(context.db, { userId, actorId: actor.id }).catch(
        (error: unknown) => (console.error("admin users: delete failed", error), "failed" as const),
      );
      if (outcome === "done") return redirectWithToast(context, "/admin/users", { type: "success", description: t("users.success.deleted") });
      const reason = outcome === "failed" ? "" : ` ${t(OUTCOME_ERRORS[outcome])}`;
      return refuse(intent, `${t("users.errors.delete")}${reason}`, outcome === "failed" ? 500 : outcome === "notFound" ? 404 : 409);
    }
    case "create-client":
    case "create-gestionnaire": {
      const role: Role = intent === "create-client" ? "client" : "gestionnaire";
      const failure = t(role === "client" ? "users.errors.createClient" : "users.errors.createGestionnaire");
      const submission = parseWithZod(formData, { schema: UserCreateSchema });
      if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
      const { intent: _, password, ...fields } = submission.value;
      const created = await hashPassword(password)
        .then((passwordHash) => createConfirmedUser(context.db, { ...fields, passwordHash, role, now }))
        .catch((error: unknown) => (console.error("admin users: creation failed", error), "failed" as const));
      if (created && created !== "failed") {
        return redirectWithToast(context, `/admin/users?user=${created.id}`, {
          type: "success",
          description: t(role === "client" ? "users.success.clientCreated" : "users.success.gestionnaireCreated"),
        });
      }
      const message = created === "failed" ? failure : `${failure} ${t("users.errors.emailTaken")}`;
      return refuse(intent, message, created === "failed" ? 500 : 409, submission.reply({ formErrors: [message], hideFields: ["password"] }));
    }
    default:
      return refuse("update", t("users.errors.generic"), 400);
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ListedUser = LoaderData["users"][number];

export default function AdminUsersTab() {
  const { users, selected, search, page, pages, dialog, loadError, actorId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  return (
    <section aria-labelledby="users-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-heading" className="text-2xl font-bold">
          {t("users.heading")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link id="open-new-client" to={hrefWith({ dialog: "new-client" })} preventScrollReset className="rounded-full border-2 border-navy-900 bg-navy-900 px-4 py-2 font-semibold text-white hover:bg-navy-700">
            {t("users.newClient")}
          </Link>
          <Link id="open-new-gestionnaire" to={hrefWith({ dialog: "new-gestionnaire" })} preventScrollReset className="rounded-full border-2 border-navy-900 px-4 py-2 font-semibold hover:bg-navy-900 hover:text-white">
            {t("users.newGestionnaire")}
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <ListSearch label={t("users.searchLabel")} placeholder={t("users.searchPlaceholder")} defaultValue={search} />
      </div>
      {loadError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800">
          {loadError}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          {users.length === 0 && !loadError ? <p className="text-navy-700">{t("users.empty")}</p> : null}
          <ul aria-label={t("users.listLabel")} className="divide-y divide-navy-100 rounded-xl bg-white shadow-sm ring-1 ring-navy-100">
            {users.map((user) => (
              <UserRow key={user.id} user={user} current={selected?.id === user.id} isActor={user.id === actorId} />
            ))}
          </ul>
          <Pagination page={page} pages={pages} />
        </div>
        <div className="lg:col-span-3">
          {selected ? <UserDetail key={selected.id} /> : <p className="rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100">{t("users.selectHint")}</p>}
        </div>
      </div>
      {dialog === "new-client" || dialog === "new-gestionnaire" ? <CreateUserDialog role={dialog === "new-client" ? "client" : "gestionnaire"} /> : null}
      {selected && dialog === "password" ? <PasswordDialog /> : null}
      {selected && dialog === "delete" ? <DeleteDialog /> : null}
    </section>
  );
}

function UserRow({ user, current, isActor }: { user: ListedUser; current: boolean; isActor: boolean }) {
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  return (
    <li>
      <Link
        to={hrefWith({ user: user.id, dialog: undefined })}
        preventScrollReset
        aria-current={current ? "true" : undefined}
        className={`block p-4 hover:bg-navy-50 ${current ? "bg-navy-50" : ""}`}
      >
        <span className="block font-semibold">
          {user.firstName} {user.lastName} {isActor ? <span className="font-normal text-navy-700">{t("users.you")}</span> : null}
        </span>
        <span className="block break-all text-sm text-navy-700">{user.email}</span>
        <span className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-navy-100 px-2 py-0.5 font-semibold text-navy-800">{tAuth(`roles.${user.role}`)}</span>
          <span className="text-navy-700">{t("users.createdOn", { date: user.createdOn })}</span>
        </span>
      </Link>
    </li>
  );
}

/** The selected user's details and edit form, with the password and delete dialogs' openers. */
function UserDetail() {
  const { selected, actorId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const user = selected!;
  const [form, fields] = useForm({
    id: `user-edit-${user.id}`,
    lastResult: actionData?.intent === "update" ? actionData.result : undefined,
    defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? "", language: user.language, role: user.role },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UserEditSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const isActor = user.id === actorId;
  return (
    <article aria-labelledby="user-detail-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h3 id="user-detail-heading" className="text-xl font-bold">
        {user.firstName} {user.lastName}
      </h3>
      <p className="mt-1 text-sm text-navy-700">
        {t("users.createdOn", { date: user.createdOn })} · {user.confirmed ? t("users.confirmed") : t("users.unconfirmed")}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="userId" value={user.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <TextField label={tAuth("fields.email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
        <TextField label={`${tAuth("fields.phone")} ${t("users.optional")}`} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} errors={fields.phone.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={tAuth("fields.language")} props={getSelectProps(fields.language)}>
            {PROFILE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {tAuth(`languages.${language}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={tAuth("fields.role")} props={getSelectProps(fields.role)} note={isActor ? t("users.ownRole") : undefined}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {tAuth(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <SubmitButton variant="primary" pending={busy} label={t("users.save")} pendingLabel={t("users.saving")} />
          <Link id="open-password" to={hrefWith({ dialog: "password" })} preventScrollReset className="rounded-full border-2 border-navy-900 px-5 py-2.5 font-semibold hover:bg-navy-900 hover:text-white">
            {t("users.changePassword")}
          </Link>
          {isActor ? null : (
            <Link id="open-delete" to={hrefWith({ dialog: "delete" })} preventScrollReset className="rounded-full border-2 border-red-700 px-5 py-2.5 font-semibold text-red-800 hover:bg-red-700 hover:text-white">
              {t("users.delete")}
            </Link>
          )}
        </div>
      </Form>
    </article>
  );
}

function SelectField({ label, props, note, children }: { label: string; props: ReturnType<typeof getSelectProps>; note?: string; children: React.ReactNode }) {
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

function CreateUserDialog({ role }: { role: "client" | "gestionnaire" }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const intent = role === "client" ? "create-client" : "create-gestionnaire";
  const [form, fields] = useForm({
    id: `user-${intent}`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UserCreateSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Dialog
      id="create-user-dialog"
      title={t(role === "client" ? "users.newClient" : "users.newGestionnaire")}
      closeTo={hrefWith({ dialog: undefined })}
      returnFocusId={role === "client" ? "open-new-client" : "open-new-gestionnaire"}
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <NameFields firstName={fields.firstName} lastName={fields.lastName} />
        <TextField label={tAuth("fields.email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} errors={fields.email.errors} />
        <PasswordField label={tAuth("fields.password")} inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }} errors={fields.password.errors} />
        <SubmitButton variant="primary" pending={busy} label={t("users.create")} pendingLabel={t("users.creating")} />
      </Form>
    </Dialog>
  );
}

/** Under 8 characters the button stays disabled and nothing is sent (back-office.md section 5). */
function PasswordDialog() {
  const { selected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  const [length, setLength] = useState<number | null>(null);
  const [form, fields] = useForm({
    id: "user-password",
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UserPasswordSchema }),
    shouldValidate: "onBlur",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const user = selected!;
  // Before JavaScript runs `length` is null: the button works and the server checks.
  const tooShort = length !== null && length < ADMIN_PASSWORD_MIN;
  return (
    <Dialog id="password-dialog" title={t("users.passwordTitle", { name: `${user.firstName} ${user.lastName}` })} closeTo={hrefWith({ dialog: undefined })} returnFocusId="open-password">
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4" onInput={(event) => setLength((event.currentTarget.elements.namedItem("password") as HTMLInputElement).value.length)}>
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="userId" value={user.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <PasswordField
          label={tAuth("fields.newPassword")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password", "aria-describedby": "password-hint" }}
          errors={fields.password.errors}
        />
        <p id="password-hint" className="text-sm text-navy-700">
          {t("users.passwordHint")}
        </p>
        <button
          type="submit"
          disabled={busy || tooShort || length === 0}
          aria-busy={busy}
          className="rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t("users.updatingPassword") : t("users.updatePassword")}
        </button>
      </Form>
    </Dialog>
  );
}

function DeleteDialog() {
  const { selected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const user = selected!;
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const error = actionData?.intent === "delete" && actionData.result.status === "error" ? actionData.result.error?.[""] : undefined;
  return (
    <Dialog id="delete-dialog" title={t("users.deleteTitle", { name: `${user.firstName} ${user.lastName}` })} closeTo={hrefWith({ dialog: undefined })} returnFocusId="open-delete">
      {error?.length ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
          {error.join(" ")}
        </p>
      ) : null}
      <p>{t("users.deleteText")}</p>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="userId" value={user.id} />
        <button type="submit" disabled={busy} aria-busy={busy} className="rounded-full bg-red-700 px-6 py-3 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
          {busy ? t("users.deleting") : t("users.confirmDelete")}
        </button>
        <Link to={hrefWith({ dialog: undefined })} replace preventScrollReset className="rounded-full border-2 border-navy-900 px-6 py-3 font-semibold hover:bg-navy-900 hover:text-white">
          {t("users.cancel")}
        </Link>
      </Form>
    </Dialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data) : []);
