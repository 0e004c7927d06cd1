import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translations";
import { z } from "#app/utils/zod";
import { ContentPage, contentMeta } from "#app/components/content-page";
import { COOKIES, COOKIES_LAST_UPDATED } from "#app/content/documents";
import { readConsent, serializeConsent, type Consent } from "#app/utils/consent.server";
import { safeRedirect } from "#app/utils/redirects";
import { redirectWithToast } from "#app/utils/toast.server";
import { getRequestI18n } from "#app/i18n.server";

const consentFormSchema = z.object({
  intent: z.enum(["accept-all", "essential-only", "save"]),
  analytics: z.literal("on").optional(),
  marketing: z.literal("on").optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await getRequestI18n(request, context);
  const consent = await readConsent(request, { secure: !context.env.isLocal });
  return { document: COOKIES[language], lastUpdated: COOKIES_LAST_UPDATED[language], consent };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const parsed = consentFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return new Response("Bad Request", { status: 400 });
  const { intent, analytics, marketing } = parsed.data;
  const consent: Consent =
    intent === "accept-all"
      ? { analytics: true, marketing: true }
      : intent === "essential-only"
        ? { analytics: false, marketing: false }
        : { analytics: analytics === "on", marketing: marketing === "on" };
  const { t } = await getRequestI18n(request, context, "catalogue");
  return redirectWithToast(
    context,
    safeRedirect(formData.get("redirectTo"), "/cookies"),
    { type: "success", description: t("cookies.saved") },
    { headers: { "Set-Cookie": await serializeConsent(consent, { secure: !context.env.isLocal }) } },
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
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === "/cookies";
  return (
    <ContentPage document={document} before={<p className="mt-2 text-sm text-navy-600">{t("cookies.lastUpdated", { date: lastUpdated })}</p>}>
      <section aria-labelledby="cookie-table-heading" className="mt-10">
        <h2 id="cookie-table-heading" className="text-xl font-bold">
          {t("cookies.table.heading")}
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-navy-200">
              <tr>
                <th scope="col" className="py-2 pr-4">{t("cookies.table.category")}</th>
                <th scope="col" className="py-2 pr-4">{t("cookies.table.purpose")}</th>
                <th scope="col" className="py-2">{t("cookies.table.duration")}</th>
              </tr>
            </thead>
            <tbody>
              {COOKIE_ROWS.map((row) => (
                <tr key={row.category} className="border-b border-navy-100">
                  <th scope="row" className="py-2 pr-4 font-semibold">{t(`cookies.categories.${row.category}`)}</th>
                  <td className="py-2 pr-4">{t(`cookies.purposes.${row.category}`)}</td>
                  <td className="py-2">{t(`cookies.durations.${row.duration}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="cookie-choice-heading" className="mt-10 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <h2 id="cookie-choice-heading" className="text-xl font-bold">
          {t("cookies.choice.heading")}
        </h2>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="redirectTo" value="/cookies" />
          <label className="flex items-center gap-3">
            <input type="checkbox" checked disabled className="h-5 w-5" />
            <span>{t("cookies.categories.essential")} ({t("cookies.choice.alwaysOn")})</span>
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="analytics" defaultChecked={consent?.analytics ?? false} className="h-5 w-5" />
            <span>{t("cookies.categories.analytics")}</span>
          </label>
          <label className="flex items-center gap-3">
            <input type="checkbox" name="marketing" defaultChecked={consent?.marketing ?? false} className="h-5 w-5" />
            <span>{t("cookies.categories.marketing")}</span>
          </label>
          <button type="submit" name="intent" value="save" disabled={saving} className="rounded-full bg-navy-900 px-5 py-2 font-semibold text-white hover:bg-navy-700 disabled:opacity-60">
            {saving ? t("cookies.choice.saving") : t("cookies.choice.save")}
          </button>
        </Form>
      </section>
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => contentMeta(data?.document);
