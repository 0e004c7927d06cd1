import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
  const navigation = useNavigation();
  const state = actionData?.state ?? initial;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("unsubscribe.title")}</h1>
      {state === "confirm" ? (
        <Form method="post" className="mt-6">
          <p className="text-navy-700">{t("unsubscribe.confirmText")}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" disabled={navigation.state !== "idle"} className="mt-6 rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700 disabled:opacity-60">
            {t("unsubscribe.confirm")}
          </button>
        </Form>
      ) : (
        <p role="status" className="mt-6 text-navy-700">
          {t(state === "done" ? "unsubscribe.done" : "unsubscribe.invalid")}
        </p>
      )}
      <Link to="/home" className="mt-8 inline-block font-semibold underline">
        {t("sent.home")}
      </Link>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? pageMeta(matches, data, [{ name: "robots", content: "noindex" }]) : []);
