import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { confirmEmail } from "#app/accounts/auth.server";
import { buttonClassName } from "#app/components/ui/button";
import { getRequestI18n } from "#app/i18n.server";
import { pageMeta } from "#app/utils/meta";
import { boundedParam, MAX_TOKEN_LENGTH } from "#app/utils/responses.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["auth"] };
export const clientLoader = loadingTranslations(handle.i18n);

type Status = "confirmed" | "invalid" | "error";
const MESSAGE_KEY: Record<Status, string> = {
  confirmed: "confirmEmail.success",
  invalid: "confirmEmail.invalid",
  error: "confirmEmail.error",
};

/**
 * The token is used once, then the address drops it, so that reloading or switching language
 * does not show a used link as an error.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const outcome = await confirmEmail(context, boundedParam(token, MAX_TOKEN_LENGTH));
    const status = outcome.ok ? "confirmed" : outcome.reason === "invalid" ? "invalid" : "error";
    throw redirect(`/confirm-email?status=${status}`);
  }
  const { t } = await getRequestI18n(request, context, "auth");
  const status = url.searchParams.get("status");
  const shown: Status = status === "confirmed" || status === "error" ? status : "invalid";
  // Not `status`: under `?_data=`, Remix 2.17 answers 500 when the data has a top-level `status`.
  return { outcome: shown, title: t("confirmEmail.title") };
}

export default function ConfirmEmailPage() {
  const { outcome } = useLoaderData<typeof loader>();
  const confirmed = outcome === "confirmed";
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <section className="rounded-2xl bg-white p-8 text-center shadow-lg">
        <h1 className="text-2xl font-bold">{t("confirmEmail.title")}</h1>
        <p
          role={confirmed ? "status" : "alert"}
          className={`mt-4 rounded-lg p-3 ${confirmed ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
        >
          {t(MESSAGE_KEY[outcome])}
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to="/login" className={buttonClassName("primary", "lg")}>
            {t("confirmEmail.login")}
          </Link>
          <Link to="/" className={buttonClassName("outline", "lg")}>
            {t("confirmEmail.home")}
          </Link>
        </div>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data);
