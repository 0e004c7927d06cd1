import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";

import { MailLinkPage } from "#app/components/mail-link-page";
import { getRequestI18n } from "#app/i18n.server";
import { confirmSubscription } from "#app/requests/newsletter.server";
import { NewsletterLinkSchema } from "#app/requests/request-forms";
import { isNewsletterConfirmTokenValid } from "#app/requests/requests.queries.server";
import { clientIp } from "#app/utils/client-key.server";
import { parseRequest } from "#app/utils/forms/parse";
import { pageMeta } from "#app/utils/meta";
import { replyToForm } from "#app/utils/reply.server";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { useTranslation } from "#app/utils/translations";

/** A consent must be the owner's act: opening the link asks for a click (MailLinkPage). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = boundedParam(new URL(request.url).searchParams.get("token"), MAX_TOKEN_LENGTH);
  const { t } = await getRequestI18n(request, context, "catalogue");
  const valid = !!token && (await isNewsletterConfirmTokenValid(context.db, { token, now: context.now() }));
  return {
    token: token ?? "",
    state: valid ? ("confirm" as const) : ("invalid" as const),
    title: `${t("newsletterConfirm.title")} – JetMalin`,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: NewsletterLinkSchema });
  const token = submission.status === "success" ? boundedParam(submission.value.token, MAX_TOKEN_LENGTH) : null;
  const outcome = await confirmSubscription(context, { token, ip: clientIp(request) });
  if (!outcome.ok) return replyToForm(context, submission, { extra: { state: "invalid" as const } });
  return replyToForm(context, submission, { status: 200, extra: { state: "done" as const } });
}

export default function NewsletterConfirmPage() {
  const { token, state: initial } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("catalogue");
  const state = actionData?.state ?? initial;
  return (
    <MailLinkPage
      title={t(state === "done" ? "newsletterConfirm.done" : "newsletterConfirm.title")}
      state={state}
      token={token}
      texts={{
        confirmText: t("newsletterConfirm.text"),
        button: t("newsletterConfirm.button"),
        submitting: t("newsletterConfirm.submitting"),
        done: t("newsletterConfirm.doneText"),
        invalid: t("newsletterConfirm.invalid"),
      }}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data, [{ name: "robots", content: "noindex" }]);
