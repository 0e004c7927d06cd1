import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { MailStatus } from "#app/components/mail-status";
import { getRequestI18n } from "#app/i18n.server";
import { requireLocalMailbox } from "#app/mail/dev-mail.server";
import { listOutboxMails } from "#app/mail/mail-outbox.queries.server";
import { formatDateTime } from "#app/utils/format";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["mail"] };
export const clientLoader = loadingTranslations(handle.i18n);

const MAX_FILTER_LENGTH = 320;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalMailbox(context, request);
  const to = new URL(request.url).searchParams.get("to")?.trim().slice(0, MAX_FILTER_LENGTH) || null;
  const { t } = await getRequestI18n(request, context, "mail");
  const mails = await listOutboxMails(context.db, { to: to ?? undefined });
  return {
    to,
    title: t("mailbox.title"),
    mails: mails.map(({ createdAt, ...mail }) => ({ ...mail, time: formatDateTime(createdAt) })),
  };
}

export default function DevMailbox() {
  const { to, mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation("mail");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("mailbox.title")}</h1>
      <p className="mt-2 text-navy-700">{t("mailbox.intro")}</p>
      {to ? (
        <p className="mt-4">
          {t("mailbox.filteredBy", { to })}{" "}
          <Link to="/dev/mail" className="font-semibold underline">
            {t("mailbox.showAll")}
          </Link>
        </p>
      ) : null}
      {mails.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-center">{t("mailbox.empty")}</p>
      ) : (
        <div className="mt-8 overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("mailbox.listLabel")}</caption>
            <thead className="border-b border-navy-100 bg-navy-50">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t("mailbox.to")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("mailbox.subject")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("mailbox.time")}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t("mailbox.status")}
                </th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id} className="border-b border-navy-100 last:border-0" data-testid="mail-row">
                  <td className="px-4 py-3">{mail.toAddress}</td>
                  <td className="px-4 py-3">
                    <Link to={`/dev/mail/${mail.id}`} className="font-semibold underline hover:text-navy-700">
                      {mail.subject}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{mail.time}</td>
                  <td className="px-4 py-3">
                    <MailStatus status={mail.status} />
                  </td>
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
  { title: `${data?.title ?? "Mail"} – JetMalin` },
  { name: "robots", content: "noindex" },
];
