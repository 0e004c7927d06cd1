import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { MailLinkPage } from "#app/components/mail-link-page";
import { getRequestI18n } from "#app/i18n.server";
import { cancelSubscription } from "#app/requests/newsletter.server";
import { NewsletterLinkSchema } from "#app/requests/request-forms";
import { findSubscriberByToken } from "#app/requests/requests.queries.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { useTranslation } from "#app/utils/translations";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = boundedParam(new URL(request.url).searchParams.get("token"), MAX_TOKEN_LENGTH);
  const { t } = await getRequestI18n(request, context, "catalogue");
  const subscriber = token ? await findSubscriberByToken(context.db, token) : null;
  const state = !subscriber ? "invalid" : subscriber.unsubscribedAt ? "done" : "confirm";
  return { token: token ?? "", state, title: `${t("unsubscribe.title")} – JetMalin` } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: NewsletterLinkSchema });
  // A one-click POST (RFC 8058) sends no field: the token is the link's own.
  const sent =
    submission.status === "success" ? (submission.value.token ?? new URL(request.url).searchParams.get("token")) : null;
  const outcome = await cancelSubscription(context, { token: boundedParam(sent, MAX_TOKEN_LENGTH) });
  if (!outcome.ok) return replyToForm(context, submission, { extra: { state: "invalid" as const } });
  return replyToForm(context, submission, { status: 200, extra: { state: "done" as const } });
}

export default function UnsubscribePage() {
  const { token, state: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  return (
    <MailLinkPage
      title={t("unsubscribe.title")}
      state={actionData?.state ?? initial}
      token={token}
      texts={{
        confirmText: t("unsubscribe.confirmText"),
        button: t("unsubscribe.confirm"),
        submitting: t("unsubscribe.submitting"),
        done: t("unsubscribe.done"),
        invalid: t("unsubscribe.invalid"),
      }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);
