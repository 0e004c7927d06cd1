import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";

import { listLocalPushes } from "#app/alerts/local-push-service.server";
import { getRequestI18n } from "#app/i18n.server";
import { formatDateTime } from "#app/utils/format";
import { requireLocalDoor } from "#app/utils/local-door.server";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["mail"] };
export const clientLoader = loadingTranslations(handle.i18n);

type Shown = { title?: string; body?: string; url?: string };

/** What the local push service received and decrypted (docs/decisions/057-web-push.md), newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalDoor(context, request);
  const { t } = await getRequestI18n(request, context, "mail");
  const pushes = await listLocalPushes(context.db);
  return {
    title: t("pushbox.title"),
    pushes: pushes.map((push) => {
      let shown: Shown = {};
      try {
        shown = JSON.parse(push.payload) as Shown;
      } catch {
        // Shown as received.
      }
      return {
        id: push.id,
        device: push.deviceId.slice(0, 8),
        subject: push.subject,
        title: shown.title ?? push.payload,
        body: shown.body ?? "",
        url: shown.url ?? null,
        time: formatDateTime(push.receivedAt),
      };
    }),
  };
}

export default function DevPushbox() {
  const { pushes } = useLoaderData<typeof loader>();
  const { t } = useTranslation("mail");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("pushbox.title")}</h1>
      <p className="mt-2 text-navy-700">{t("pushbox.intro")}</p>
      {pushes.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-center">{t("pushbox.empty")}</p>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("pushbox.listLabel")}</caption>
            <thead className="border-b border-navy-100 bg-navy-50">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("pushbox.device")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("pushbox.notification")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("pushbox.link")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("mailbox.time")}
                </th>
              </tr>
            </thead>
            <tbody>
              {pushes.map((push) => (
                <tr key={push.id} className="border-b border-navy-100 last:border-0" data-testid="push-row">
                  <td className="px-4 py-3 font-mono">{push.device}</td>
                  <td className="px-4 py-3">
                    <strong className="block">{push.title}</strong>
                    {push.body}
                  </td>
                  <td className="px-4 py-3">
                    {push.url ? (
                      <a href={push.url} className="font-semibold underline hover:text-navy-700">
                        {push.url}
                      </a>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{push.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Push"} – JetMalin` },
  { name: "robots", content: "noindex" },
];
