import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { extractLinks, requireLocalMailbox } from "#app/mail/dev-mail.server";
import { getOutboxMail, listOutboxMails } from "#app/mail/mail-outbox.queries.server";

/** An address is never longer (RFC 5321); the mailbox's own filter takes as much. */
const MAX_FILTER_LENGTH = 320;

/** Browser tests read mails with it (tests/e2e/mail.ts) without opening a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalMailbox(context, request);
  const query = new URL(request.url).searchParams;
  const to = query.get("to")?.trim().slice(0, MAX_FILTER_LENGTH);
  if (!to) return Response.json({ message: "Name the recipient: ?to=" }, { status: 400 });
  const subject = query.get("subject");
  const newest = (await listOutboxMails(context.db, { to })).find((mail) => !subject || mail.subject.includes(subject));
  const mail = newest ? await getOutboxMail(context.db, newest.id) : null;
  if (!mail) return Response.json({ message: "No such mail yet" }, { status: 404 });
  return Response.json({
    id: mail.id,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    links: extractLinks(mail.html),
    headers: mail.headers ?? {},
  });
}
