import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
  const navigation = useNavigation();
  const state = actionData?.state ?? initial;
  const pending = navigation.state !== "idle";
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t(state === "done" ? "newsletterConfirm.done" : "newsletterConfirm.title")}</h1>
      {state === "confirm" ? (
        <Form method="post" className="mt-6">
          <p className="text-navy-700">{t("newsletterConfirm.text")}</p>
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            disabled={pending}
            className="mt-6 rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700 disabled:opacity-60"
          >
            {pending ? t("newsletterConfirm.submitting") : t("newsletterConfirm.button")}
          </button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-navy-700">
          {t(state === "done" ? "newsletterConfirm.doneText" : "newsletterConfirm.invalid")}
        </p>
      )}
      <Link to="/home" className="mt-8 inline-block font-semibold underline">
        {t("sent.home")}
      </Link>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : []);
