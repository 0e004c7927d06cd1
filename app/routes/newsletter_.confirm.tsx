import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MailLinkPage } from "#app/components/mail-link-page";
import { useTranslation } from "#app/utils/translations";
import { getRequestI18n } from "#app/i18n.server";
import { confirmNewsletterSubscription, isNewsletterConfirmTokenValid } from "#app/models/requests.server";
import { sendMail } from "#app/services/mail.server";
import { clientIp } from "#app/services/rate-limits.server";
import { pageMeta } from "#app/utils/meta";

const MAX_TOKEN_LENGTH = 200;

/**
 * The link of the double opt-in mail. Opening it asks for a click (mail scanners open
 * links too, and a consent must be the owner's act); the POST subscribes, keeps the
 * proof (time and IP) and sends the welcome mail with the unsubscribe link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { t } = await getRequestI18n(request, context, "catalogue");
  const valid = token.length > 0 && token.length <= MAX_TOKEN_LENGTH && (await isNewsletterConfirmTokenValid(context.db, { token, now: context.now() }));
  return { token, state: valid ? ("confirm" as const) : ("invalid" as const), title: `${t("newsletterConfirm.title")} – JetMalin` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "");
  const confirmed =
    token.length > 0 && token.length <= MAX_TOKEN_LENGTH
      ? await confirmNewsletterSubscription(context.db, { token, ip: clientIp(request), now: context.now() })
      : null;
  if (!confirmed) return { state: "invalid" as const };
  const unsubscribeUrl = new URL(`/newsletter/unsubscribe?${new URLSearchParams({ token: confirmed.unsubscribeToken })}`, context.env.APP_URL).toString();
  // The subscription stands even if the welcome mail has to wait for the outbox's retry.
  await sendMail(context, { to: confirmed.email, locale: confirmed.language, template: "catalogue/newsletter-welcome", data: { unsubscribeUrl } });
  return { state: "done" as const };
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : []);
