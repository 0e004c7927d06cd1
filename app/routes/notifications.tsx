import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireUser } from "#app/accounts/session.server";
import { listNotifications } from "#app/alerts/notifications.queries.server";
import { changeNotification, renderNotification } from "#app/alerts/notifications.server";
import { Button } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/form-field";
import { getRequestI18n } from "#app/i18n.server";
import { formatDay, formatTime } from "#app/utils/format";
import { parseRequest } from "#app/utils/forms/parse";
import { NotificationActionSchema } from "#app/utils/forms/traveller";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

/** docs/orders.md 'Notifications and alert preferences'; each in the page's language (decision 024). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const { t, language } = await getRequestI18n(request, context, "catalogue");
  const stored = await listNotifications(context.db, user.id);
  return {
    notifications: stored.map((notification) => ({
      id: notification.id,
      read: notification.read,
      createdAt: notification.createdAt,
      ...renderNotification(notification, language),
    })),
    title: `${t("notifications.title")} – JetMalin`,
  };
}

/** Only the signed-in user's own notification changes, whatever id is sent. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseRequest(request, { schema: NotificationActionSchema });
  if (submission.status !== "success") return replyToForm(context, submission, { formError: "notifications.error" });
  const outcome = await changeNotification(context, { userId: user.id, ...submission.value });
  if (!outcome.ok) return replyToForm(context, submission, { status: 404, formError: "notifications.error" });
  // Marked read: the panel again, without its button.
  if (outcome.intent === "read") return replyToForm(context, submission, { status: 200 });
  const { t } = await getRequestI18n(request, context, "catalogue");
  return redirectWithToast(context, "/notifications", { type: "success", description: t("notifications.deleted") });
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, language } = useTranslation("catalogue");
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("notifications.title")}</h1>
      <div className="mt-4 empty:hidden">
        <FormAlert id="notifications-error" messages={actionData?.result.error?.[""]?.map((key) => t(key))} />
      </div>
      {notifications.length === 0 ? (
        <p role="status" className="mt-6 text-navy-700">
          {t("notifications.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label={t("notifications.title")}>
          {notifications.map((notification) => {
            const date = new Date(notification.createdAt);
            return (
              <li
                key={notification.id}
                data-testid="notification"
                className={`rounded-2xl p-4 ring-1 ${notification.read ? "bg-white ring-navy-100" : "bg-navy-50 ring-gold-500"}`}
              >
                <h2 id={`notification-${notification.id}`} className="font-bold">
                  {notification.read ? null : <span className="sr-only">{t("notifications.unread")}: </span>}
                  {notification.title}
                </h2>
                <p className="mt-1">{notification.message}</p>
                <p className="mt-1 text-sm text-navy-700">
                  {formatDay(date, language)}, {formatTime(date)}
                </p>
                {notification.href ? (
                  <p className="mt-2">
                    <Link
                      to={notification.href}
                      aria-describedby={`notification-${notification.id}`}
                      className="font-semibold text-navy-900 underline underline-offset-2 hover:text-navy-700"
                    >
                      {t(`notifications.${notification.link}`)}
                    </Link>
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  {notification.read ? null : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="id" value={notification.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="read"
                        disabled={busy}
                        variant="quiet"
                        size="compactFlat"
                        whenDisabled="dim"
                      >
                        {t("notifications.markRead")}
                      </Button>
                    </Form>
                  )}
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={notification.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="delete"
                      disabled={busy}
                      variant="dangerQuiet"
                      size="compactFlat"
                      whenDisabled="dim"
                    >
                      {t("notifications.delete")}
                    </Button>
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
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);
