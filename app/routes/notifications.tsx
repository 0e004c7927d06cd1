import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { getRequestI18n } from "#app/i18n.server";
import { deleteNotification, listNotifications, markNotificationRead } from "#app/models/notifications.server";
import { formatDay, formatTime } from "#app/utils/format";
import { pageMeta } from "#app/utils/meta";
import { requireUser } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** The bell's panel (traveller.md "Notification bell and panel"): the user's own notifications. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t } = await getRequestI18n(request, context, "catalogue");
  return { notifications: await listNotifications(context.db, user.id), title: `${t("notifications.title")} – JetMalin` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const formData = await request.formData();
  const { t } = await getRequestI18n(request, context, "catalogue");
  const id = Number(formData.get("id"));
  const intent = formData.get("intent");
  if (!Number.isSafeInteger(id) || id < 1 || (intent !== "read" && intent !== "delete")) {
    return data({ error: t("notifications.error") }, { status: 400 });
  }
  // Only the signed-in user's own notification can change, whatever id is sent.
  if (intent === "read") {
    const changed = await markNotificationRead(context.db, { userId: user.id, id });
    return changed ? { ok: true } : data({ error: t("notifications.error") }, { status: 404 });
  }
  if (!(await deleteNotification(context.db, { userId: user.id, id }))) return data({ error: t("notifications.error") }, { status: 404 });
  return redirectWithToast(context, "/notifications", { type: "success", description: t("notifications.deleted") });
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  const { t, language } = useTranslation("catalogue");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/notifications";
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("notifications.title")}</h1>
      {notifications.length === 0 ? (
        <p role="status" className="mt-6 text-navy-700">
          {t("notifications.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label={t("notifications.title")}>
          {notifications.map((notification) => {
            const date = new Date(notification.createdAt);
            return (
              <li key={notification.id} data-testid="notification" className={`rounded-2xl p-4 ring-1 ${notification.read ? "bg-white ring-navy-100" : "bg-navy-50 ring-gold-500"}`}>
                <h2 className="font-bold">
                  {notification.read ? null : <span className="sr-only">{t("notifications.unread")}: </span>}
                  {notification.title}
                </h2>
                <p className="mt-1">{notification.message}</p>
                <p className="mt-1 text-sm text-navy-700">
                  {formatDay(date, language)}, {formatTime(date)}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {notification.read ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="id" value={notification.id} />
                      <button type="submit" name="intent" value="read" disabled={busy} className="rounded-full border border-navy-900 px-4 py-1.5 text-sm font-semibold hover:bg-navy-100 disabled:opacity-60">
                        {t("notifications.markRead")}
                      </button>
                    </Form>
                  )}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={notification.id} />
                    <button type="submit" name="intent" value="delete" disabled={busy} className="rounded-full border border-red-700 px-4 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60">
                      {t("notifications.delete")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : [];
