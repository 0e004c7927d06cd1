import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { UserActionSchema, type UserIntent } from "#app/accounts/admin-user-forms";
import type { AdminUser } from "#app/accounts/admin-users.queries.server";
import { changeUser, loadUsersTab, type UserChangeRefusal } from "#app/accounts/admin-users.server";
import { requirePermission } from "#app/accounts/session.server";
import { ListSearch, Pagination, useHrefWith } from "#app/components/admin/list-controls";
import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import { formatDay } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { pageParam, searchParam } from "#app/utils/list-params";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import type { TFunction } from "#app/utils/translator";

import { UserDetail } from "./users-detail";
import { CreateUserDialog, DeleteDialog, PasswordDialog } from "./users-dialogs";
import { UserList, type UserView } from "./users-list";

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
  const tab = await loadUsersTab(context, { search, page, userId: boundedParam(searchParams.get("user")) });
  const view = ({ createdAt, emailConfirmedAt, ...user }: AdminUser): UserView => ({
    ...user,
    createdOn: formatDay(createdAt, language),
    confirmed: emailConfirmedAt !== null,
  });
  const shown = { title: `${t("users.heading")} – ${t("layout.titleAdmin")}`, actorId: actor.id, search, page };
  if (!tab.ok)
    return { ...shown, pages: 1, users: [], selected: null, dialog: null, loadError: t("users.errors.load") };
  const dialog = DIALOGS.find((name) => name === searchParams.get("dialog")) ?? null;
  return {
    ...shown,
    pages: tab.pages,
    users: tab.users.map(view),
    selected: tab.selected && view(tab.selected),
    dialog,
    loadError: null,
  };
}

const REFUSAL_STATUS: Record<UserChangeRefusal, number> = {
  notFound: 404,
  self: 409,
  lastAdmin: 409,
  emailTaken: 409,
  activeOrders: 409,
  failed: 500,
};

/** What failed, said before why ('Erreur lors de la création du client' + 'Cette adresse...'); the edit form says only why. */
const FAILED_TEXT: Record<UserIntent, string | null> = {
  "create-client": "users.errors.createClient",
  "create-gestionnaire": "users.errors.createGestionnaire",
  update: null,
  password: "users.errors.password",
  delete: "users.errors.delete",
};

function refusalText(t: TFunction, intent: UserIntent, reason: UserChangeRefusal) {
  const what = FAILED_TEXT[intent];
  const why = reason === "failed" ? null : t(`users.errors.${reason}`);
  return [what && t(what), why].filter(Boolean).join(" ") || t("users.errors.generic");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requirePermission(request, context, "users:manage");
  const submission = await parseRequest(request, { schema: UserActionSchema });
  const { t } = await getRequestI18n(request, context, "admin");
  const reply = { hideFields: ["password"], extra: { intent: String(submission.payload.intent ?? "") } };
  if (submission.status !== "success") return replyToForm(context, submission, reply);
  const outcome = await changeUser(context, { ...submission.value, actorId: actor.id });
  if (!outcome.ok)
    return replyToForm(context, submission, {
      ...reply,
      status: REFUSAL_STATUS[outcome.reason],
      formError: refusalText(t, submission.value.intent, outcome.reason),
    });
  const next = outcome.userId ? `/admin/users?${new URLSearchParams({ user: outcome.userId })}` : "/admin/users";
  return redirectWithToast(context, next, { type: "success", description: t(`users.success.${outcome.done}`) });
}

export default function AdminUsersTab() {
  const { users, selected, search, page, pages, dialog, loadError, actorId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (intent: UserIntent) => (actionData?.intent === intent ? actionData.result : undefined);
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const newRole = dialog === "new-client" ? "client" : dialog === "new-gestionnaire" ? "gestionnaire" : null;
  return (
    <section aria-labelledby="users-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-heading" className="text-2xl font-bold">
          {t("users.heading")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link
            id="open-new-client"
            to={hrefWith({ dialog: "new-client" })}
            preventScrollReset
            className={buttonClassName("solid", "sm")}
          >
            {t("users.newClient")}
          </Link>
          <Link
            id="open-new-gestionnaire"
            to={hrefWith({ dialog: "new-gestionnaire" })}
            preventScrollReset
            className={buttonClassName("outline", "sm")}
          >
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
          <UserList users={users} selectedId={selected?.id} actorId={actorId} />
          <Pagination page={page} pages={pages} />
        </div>
        <div className="lg:col-span-3">
          {selected ? (
            <UserDetail
              key={selected.id}
              user={selected}
              isActor={selected.id === actorId}
              lastResult={resultOf("update")}
            />
          ) : (
            <p className="rounded-xl bg-white p-6 text-navy-700 shadow-sm ring-1 ring-navy-100">
              {t("users.selectHint")}
            </p>
          )}
        </div>
      </div>
      {newRole ? (
        <CreateUserDialog
          role={newRole}
          lastResult={resultOf(newRole === "client" ? "create-client" : "create-gestionnaire")}
        />
      ) : null}
      {selected && dialog === "password" ? <PasswordDialog user={selected} lastResult={resultOf("password")} /> : null}
      {selected && dialog === "delete" ? <DeleteDialog user={selected} lastResult={resultOf("delete")} /> : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
