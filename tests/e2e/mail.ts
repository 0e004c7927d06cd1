import { expect, type Page } from "@playwright/test";

export type ReadMail = {
  /** mail_outbox id. */
  id: number;
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  html: string;
  /** The web links of the mail, in order (tel: and mailto: left out). */
  links: string[];
  /** The headers it was sent with beyond From, To and Subject (List-Unsubscribe...). */
  headers: Record<string, string>;
};

/**
 * Reads the newest mail sent to `to`, as the dev mailbox shows it, over HTTP (GET
 * /dev/mail/latest.json, local only): no page is opened, the test's page stays where it is.
 * Waits until such a mail exists; `subject` picks the newest mail whose subject contains it.
 *   const mail = await readLatestMail(page, email);
 *   await page.goto(mail.links[0]);
 */
export async function readLatestMail(
  page: Page,
  to: string,
  { subject, timeout = 15_000 }: { subject?: string; timeout?: number } = {},
): Promise<ReadMail> {
  const query = new URLSearchParams({ to, ...(subject ? { subject } : {}) });
  let mail: ReadMail | undefined;
  await expect(async () => {
    const response = await page.request.get(`/dev/mail/latest.json?${query}`);
    expect(response.status(), `a mail to ${to}${subject ? ` about "${subject}"` : ""}`).toBe(200);
    mail = (await response.json()) as ReadMail;
  }).toPass({ timeout });
  // As a browser reads an anchor's href: absolute and normalised.
  return { ...mail!, links: mail!.links.map((link) => new URL(link).href) };
}

/** Reads the newest mail to `to` and opens its first link matching `link`, in this tab. */
export async function followMailLink(page: Page, to: string, link: RegExp, options: { subject?: string } = {}) {
  const mail = await readLatestMail(page, to, options);
  const href = mail.links.find((candidate) => link.test(candidate));
  if (!href) throw new Error(`No link matching ${link} in "${mail.subject}": ${mail.links.join(", ")}`);
  await page.goto(href);
  return { mail, href };
}
