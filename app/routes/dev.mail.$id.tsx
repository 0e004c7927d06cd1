import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { MailStatus } from "#app/components/mail-status";
import { extractLinks, requireLocalMailbox } from "#app/mail/dev-mail.server";
import { getOutboxMail } from "#app/mail/mail-outbox.queries.server";
import { formatDateTime } from "#app/utils/format";
import { loadingTranslations } from "#app/utils/route-translations";
import { useTranslation } from "#app/utils/translations";

export const handle = { i18n: ["mail"] };
export const clientLoader = loadingTranslations(handle.i18n);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLocalMailbox(context, request);
  const id = /^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const mail = id === null ? null : await getOutboxMail(context.db, id);
  if (!mail) throw new Response("Not Found", { status: 404 });
  return {
    id: mail.id,
    to: mail.toAddress,
    subject: mail.subject,
    template: mail.template,
    // Not `status`: under `?_data=`, Remix 2.17 answers 500 when the data has a top-level `status`.
    mailStatus: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    headers: Object.entries(mail.headers ?? {}),
    time: formatDateTime(mail.createdAt),
    html: mail.html,
    text: mail.text,
    links: extractLinks(mail.html),
  };
}

export default function DevMail() {
  const mail = useLoaderData<typeof loader>();
  const { t } = useTranslation("mail");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to={`/dev/mail?to=${encodeURIComponent(mail.to)}`} className="font-semibold underline">
        ← {t("mailbox.back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl" data-testid="mail-subject">
        {mail.subject}
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">{t("mailbox.to")}</dt>
        <dd data-testid="mail-to">{mail.to}</dd>
        <dt className="font-semibold">{t("mailbox.time")}</dt>
        <dd>{mail.time}</dd>
        <dt className="font-semibold">{t("mailbox.template")}</dt>
        <dd>{mail.template}</dd>
        <dt className="font-semibold">{t("mailbox.status")}</dt>
        <dd>
          <MailStatus status={mail.mailStatus} /> {t("mailbox.attemptsCount", { attempts: mail.attempts })}
        </dd>
        {mail.lastError ? (
          <>
            <dt className="font-semibold">{t("mailbox.lastError")}</dt>
            <dd className="break-all">{mail.lastError}</dd>
          </>
        ) : null}
        {mail.headers.length > 0 ? (
          <>
            <dt className="font-semibold">{t("mailbox.headers")}</dt>
            <dd>
              <ul data-testid="mail-headers">
                {mail.headers.map(([name, value]) => (
                  <li key={name} className="break-all font-mono text-xs" data-testid="mail-header" data-name={name}>
                    {name}: {value}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="mail-links-heading" className="mt-8">
        <h2 id="mail-links-heading" className="text-xl font-bold">
          {t("mailbox.links")}
        </h2>
        {mail.links.length === 0 ? (
          <p className="mt-2">{t("mailbox.noLinks")}</p>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="mail-links">
            {mail.links.map((link) => (
              <li key={link}>
                {/* A plain anchor: the link may point outside the app's routes. */}
                <a href={link} className="break-all underline hover:text-navy-700">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mail-preview-heading" className="mt-8">
        <h2 id="mail-preview-heading" className="text-xl font-bold">
          {t("mailbox.preview")}
        </h2>
        {/* No scripts, no same origin; links may open the app in a new tab or this one. */}
        <iframe
          title={t("mailbox.previewFrame")}
          srcDoc={mail.html}
          sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
          className="mt-2 h-[720px] w-full rounded-xl border border-navy-100 bg-white"
          data-testid="mail-html"
        />
      </section>

      <section aria-labelledby="mail-text-heading" className="mt-8">
        <h2 id="mail-text-heading" className="text-xl font-bold">
          {t("mailbox.textPart")}
        </h2>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-xl bg-white p-4 text-sm" data-testid="mail-text">
          {mail.text}
        </pre>
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.subject ?? "Mail"} – JetMalin` },
  { name: "robots", content: "noindex" },
];
