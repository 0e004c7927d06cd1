import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";

import { contentMeta, ContentPage } from "#app/components/content-page";
import { Button } from "#app/components/ui/button";
import { COOKIES, COOKIES_LAST_UPDATED } from "#app/content/documents/cookies";
import { getRequestI18n } from "#app/i18n.server";
import { readConsent, serializeConsent } from "#app/privacy/consent.server";
import { parseRequest, redirectBack } from "#app/utils/forms/parse";
import { ConsentChoiceSchema, consentOf } from "#app/utils/forms/traveller";
import { redirectWithToast } from "#app/utils/toast.server";
import { useTranslation } from "#app/utils/translations";
import { useIsPending } from "#app/utils/use-is-pending";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getRequestI18n(request, context);
  const consent = await readConsent(request, { secure: !context.env.isLocal });
  return { document: COOKIES[language], lastUpdated: COOKIES_LAST_UPDATED[language], consent };
}

/** The banner's buttons post here from any page, as does this page's choice. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseRequest(request, { schema: ConsentChoiceSchema });
  const { t } = await getRequestI18n(request, context, "catalogue");
  const back = redirectBack(submission, "/cookies");
  if (submission.status !== "success")
    return redirectWithToast(context, back, { type: "error", description: t("cookies.notSaved") });
  const cookie = await serializeConsent(consentOf(submission.value), { secure: !context.env.isLocal });
  return redirectWithToast(
    context,
    back,
    { type: "success", description: t("cookies.saved") },
    { headers: { "Set-Cookie": cookie } },
  );
}

const COOKIE_ROWS = [
  { category: "essential", duration: "24h" },
  { category: "analytics", duration: "14m" },
  { category: "marketing", duration: "90d" },
] as const;

export default function CookiesPage() {
  const { document, lastUpdated, consent } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const saving = useIsPending();
  return (
    <ContentPage
      document={document}
      before={<p className="mt-2 text-sm text-navy-600">{t("cookies.lastUpdated", { date: lastUpdated })}</p>}
    >
      <section aria-labelledby="cookie-table-heading" className="mt-10">
        <h2 id="cookie-table-heading" className="text-xl font-bold">
          {t("cookies.table.heading")}
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-navy-200">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t("cookies.table.category")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("cookies.table.purpose")}
                </th>
                <th scope="col" className="py-2">
                  {t("cookies.table.duration")}
                </th>
              </tr>
            </thead>
            <tbody>
              {COOKIE_ROWS.map((row) => (
                <tr key={row.category} className="border-b border-navy-100">
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {t(`cookies.categories.${row.category}`)}
                  </th>
                  <td className="py-2 pr-4">{t(`cookies.purposes.${row.category}`)}</td>
                  <td className="py-2">{t(`cookies.durations.${row.duration}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section
        aria-labelledby="cookie-choice-heading"
        className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100"
      >
        <h2 id="cookie-choice-heading" className="text-xl font-bold">
          {t("cookies.choice.heading")}
        </h2>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="redirectTo" value="/cookies" />
          <label className="flex items-center gap-3">
            <input type="checkbox" checked disabled className="h-5 w-5" />
            <span>
              {t("cookies.categories.essential")} ({t("cookies.choice.alwaysOn")})
            </span>
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="analytics" defaultChecked={consent?.analytics ?? false} className="h-5 w-5" />
            <span>{t("cookies.categories.analytics")}</span>
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="marketing" defaultChecked={consent?.marketing ?? false} className="h-5 w-5" />
            <span>{t("cookies.categories.marketing")}</span>
          </label>
          <Button
            type="submit"
            name="intent"
            value="save"
            disabled={saving}
            variant="primary"
            size="mdFlat"
            whenDisabled="dim"
          >
            {saving ? t("cookies.choice.saving") : t("cookies.choice.save")}
          </Button>
        </Form>
      </section>
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
