import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { AlertUnsubscribeSchema } from "#app/alerts/alert-forms";
import { alertUnsubscribeState, unsubscribeFromAlerts } from "#app/alerts/alert-unsubscribe.server";
import { MailLinkPage } from "#app/components/mail-link-page";
import { getRequestI18n } from "#app/i18n.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { useTranslation } from "#app/utils/translations";

/** No sign-in: the link's token is the authority, checked by the service (decision 018). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = boundedParam(new URL(request.url).searchParams.get("token"), MAX_TOKEN_LENGTH);
  const { t } = await getRequestI18n(request, context, "catalogue");
  const state = await alertUnsubscribeState(context, { token });
  return { token: token ?? "", state, title: `${t("alertUnsubscribe.title")} – JetMalin` } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: AlertUnsubscribeSchema });
  // A one-click POST (RFC 8058) sends no token field: the token is the link's own.
  const sent =
    submission.status === "success" ? (submission.value.token ?? new URL(request.url).searchParams.get("token")) : null;
  const outcome = await unsubscribeFromAlerts(context, { token: boundedParam(sent, MAX_TOKEN_LENGTH) });
  if (!outcome.ok) return replyToForm(context, submission, { extra: { state: "invalid" as const } });
  return replyToForm(context, submission, { status: 200, extra: { state: "done" as const } });
}

export default function AlertUnsubscribePage() {
  const { token, state: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  return (
    <MailLinkPage
      title={t("alertUnsubscribe.title")}
      state={actionData?.state ?? initial}
      token={token}
      texts={{
        confirmText: t("alertUnsubscribe.confirmText"),
        button: t("alertUnsubscribe.confirm"),
        submitting: t("alertUnsubscribe.submitting"),
        done: t("alertUnsubscribe.done"),
        invalid: t("alertUnsubscribe.invalid"),
      }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);
