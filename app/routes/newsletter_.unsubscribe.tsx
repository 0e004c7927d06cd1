import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailLinkPage } from "#app/components/mail-link-page";
import { useTranslation } from "#app/utils/translations";
import { findSubscriberByToken, unsubscribeFromNewsletter } from "#app/models/requests.server";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";

/**
 * The link in every newsletter mail. Opening it asks for a click (mail scanners open
 * links too); the form, or a one-click POST from the mail client, unsubscribes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { t } = await getRequestI18n(request, context, "catalogue");
  const subscriber = token && token.length <= 200 ? await findSubscriberByToken(context.db, token) : null;
  const state = !subscriber ? "invalid" : subscriber.unsubscribedAt ? "done" : "confirm";
  return { token, state, title: `${t("unsubscribe.title")} – JetMalin` } as const;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const token = String(formData.get("token") ?? url.searchParams.get("token") ?? "");
  const done = token.length > 0 && token.length <= 200 && (await unsubscribeFromNewsletter(context.db, { token, now: context.now() }));
  return { state: done ? "done" : "invalid" } as const;
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : []);
