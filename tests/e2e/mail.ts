import { expect, type Page } from "@playwright/test";
import { settle } from "./fixtures";

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
 * Opens the newest mail sent to `to` in the dev mailbox (/dev/mail) and reads it.
 * The page stays on that mail, so a test can then click one of its links:
 *   const mail = await readLatestMail(page, email);
 *   await page.getByTestId("mail-links").getByRole("link", { name: /confirm-email/ }).click();
 * or simply `await page.goto(mail.links[0])`. Waits until such a mail exists;
 * `subject` picks the newest mail whose subject matches.
 */
export async function readLatestMail(
  page: Page,
  to: string,
  { subject, timeout = 15_000 }: { subject?: RegExp | string; timeout?: number } = {},
): Promise<ReadMail> {
  const rows = page.getByTestId("mail-row").filter(subject ? { hasText: subject } : {});
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(rows.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout });
  await settle(page);
  await rows.first().getByRole("link").click();
  await page.waitForURL(/\/dev\/mail\/\d+$/);
  await settle(page);

  const links = page.getByTestId("mail-links").getByRole("link");
  return {
    id: Number(new URL(page.url()).pathname.split("/").pop()),
    to: (await page.getByTestId("mail-to").textContent()) ?? "",
    subject: (await page.getByTestId("mail-subject").textContent()) ?? "",
    text: (await page.getByTestId("mail-text").textContent()) ?? "",
    html: (await page.getByTestId("mail-html").getAttribute("srcdoc")) ?? "",
    links: await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href)),
    headers: Object.fromEntries(
      await page
        .getByTestId("mail-header")
        .evaluateAll((items) =>
          items.map((item) => [
            item.getAttribute("data-name")!,
            item.textContent!.slice(item.getAttribute("data-name")!.length + 2),
          ]),
        ),
    ),
  };
}

/** Opens the newest mail to `to` and follows its first link matching `link`, in this tab. */
export async function followMailLink(
  page: Page,
  to: string,
  link: RegExp,
  options: { subject?: RegExp | string } = {},
) {
  const mail = await readLatestMail(page, to, options);
  const href = mail.links.find((candidate) => link.test(candidate));
  if (!href) throw new Error(`No link matching ${link} in "${mail.subject}": ${mail.links.join(", ")}`);
  await page.getByTestId("mail-links").getByRole("link", { name: href, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/dev/mail"));
  return { mail, href };
}
