import { expect, settle, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";

/**
 * The dev mailbox. Mails reach it through sendMail (proven by
 * app/mail/mail.server.test.ts, and end to end by the account and request specs);
 * here rows are written straight into the server's local D1, so that the mailbox's
 * own cases (a failed mail, retries, many rows, hostile HTML) need no form to cause them.
 */

const sqlString = (value: string) => `'${value.replaceAll("'", "''")}'`;

type OutboxRow = {
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
  status?: "sent" | "failed";
  attempts?: number;
  lastError?: string | null;
  nextAttemptAt?: Date | null;
};

async function insertOutboxRow({
  status = "sent",
  attempts = 1,
  lastError = null,
  nextAttemptAt = null,
  ...row
}: OutboxRow) {
  const columns = {
    to_address: sqlString(row.to),
    template: sqlString("auth/confirm-email"),
    locale: sqlString("fr"),
    data: sqlString("{}"),
    subject: sqlString(row.subject),
    html: sqlString(row.html),
    text: sqlString(row.text),
    status: sqlString(status),
    attempts: String(attempts),
    last_error: lastError === null ? "NULL" : sqlString(lastError),
    next_attempt_at: nextAttemptAt === null ? "NULL" : String(nextAttemptAt.getTime()),
    created_at: String(row.createdAt.getTime()),
    sent_at: status === "sent" ? String(row.createdAt.getTime()) : "NULL",
  };
  await executeLocalSql(
    `INSERT INTO mail_outbox (${Object.keys(columns).join(", ")}) VALUES (${Object.values(columns).join(", ")})`,
  );
}

test("the dev mailbox lists mails newest first and shows one rendered with working links", async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const to = `mailbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const link = `${baseURL}/home?from=mail`;
  await insertOutboxRow({
    to,
    subject: "Ancien email – JetMalin",
    html: "<html><body><p>Ancien</p></body></html>",
    text: "Ancien",
    createdAt: new Date("2026-01-15T09:30:00Z"),
  });
  await insertOutboxRow({
    to,
    subject: "Confirmez votre adresse email – JetMalin",
    html: `<!DOCTYPE html><html lang="fr"><body><p>Bonjour Léa,</p><a href="${link}" target="_blank">Confirmer mon adresse email</a></body></html>`,
    text: `Bonjour Léa,\n\nConfirmer mon adresse email: ${link}`,
    createdAt: new Date("2026-07-01T16:05:00Z"),
  });

  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Boîte mail de développement" })).toBeVisible();
  await expect(page.getByText(`Emails envoyés à ${to}`)).toBeVisible();
  const rows = page.getByTestId("mail-row");
  await expect(rows).toHaveCount(2);
  // Newest first; times in Swiss time (summer UTC+2, winter UTC+1).
  await expect(rows.nth(0)).toContainText(to);
  await expect(rows.nth(0)).toContainText("Confirmez votre adresse email – JetMalin");
  await expect(rows.nth(0)).toContainText("01/07/2026 18:05");
  await expect(rows.nth(0)).toContainText("Envoyé");
  await expect(rows.nth(1)).toContainText("Ancien email – JetMalin");
  await expect(rows.nth(1)).toContainText("15/01/2026 10:30");

  // The newest mail, opened from the list as a person would.
  await settle(page);
  await rows.first().getByRole("link").click();
  await page.waitForURL(/\/dev\/mail\/\d+$/);
  await expect(page.getByTestId("mail-to")).toHaveText(to);
  await expect(page.getByTestId("mail-subject")).toHaveText("Confirmez votre adresse email – JetMalin");
  await expect(page.getByTestId("mail-text")).toContainText("Bonjour Léa,");
  await expect(page.getByTestId("mail-links").getByRole("link")).toHaveText([link]);

  // What the other tests read over HTTP (tests/e2e/mail.ts) is this mail, as the page shows it.
  const mail = await readLatestMail(page, to);
  expect(mail).toMatchObject({
    id: Number(new URL(page.url()).pathname.split("/").pop()),
    to,
    subject: "Confirmez votre adresse email – JetMalin",
    text: expect.stringContaining("Bonjour Léa,"),
    links: [link],
  });
  expect(mail.html).toContain("Confirmer mon adresse email");
  expect(await page.getByTestId("mail-html").getAttribute("srcdoc")).toBe(mail.html);

  // The rendered mail, and its link opening the app.
  const preview = page.frameLocator('[data-testid="mail-html"]');
  await expect(preview.getByText("Bonjour Léa,")).toBeVisible();
  const popupPromise = page.waitForEvent("popup");
  await preview.getByRole("link", { name: "Confirmer mon adresse email" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(link);
  await expect(popup.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  await popup.close();

  // The same link from the list under the preview, in this tab.
  await page.getByTestId("mail-links").getByRole("link", { name: link, exact: true }).click();
  await expect(page).toHaveURL(link);
  await expect(page.getByRole("heading", { level: 1, name: "Vols Optimisés à prix Malin" })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("an unknown mail is a 404", async ({ request }) => {
  expect((await request.get("/dev/mail/999999999")).status()).toBe(404);
  expect((await request.get("/dev/mail/abc")).status()).toBe(404);
});

test("/dev/mail/latest.json gives the newest mail to an address, or a 404 until there is one", async ({ request }) => {
  const to = `latest-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const latest = (query: Record<string, string>) => request.get(`/dev/mail/latest.json?${new URLSearchParams(query)}`);
  expect((await latest({ to })).status()).toBe(404);
  expect((await latest({})).status()).toBe(400);
  for (const [subject, minutes] of [
    ["Première – JetMalin", 20],
    ["Seconde – JetMalin", 10],
  ] as const) {
    await insertOutboxRow({
      to,
      subject,
      html: `<p>${subject}</p><a href="http://localhost/home?m=${minutes}">Lien</a>`,
      text: subject,
      createdAt: new Date(Date.now() - minutes * 60_000),
    });
  }
  const newest = await latest({ to: to.toUpperCase() });
  expect(newest.status()).toBe(200);
  expect(await newest.json()).toMatchObject({
    to,
    subject: "Seconde – JetMalin",
    links: ["http://localhost/home?m=10"],
    headers: {},
  });
  expect((await (await latest({ to, subject: "Première" })).json()).subject).toBe("Première – JetMalin");
  expect((await latest({ to, subject: "Troisième" })).status()).toBe(404);
});

test("the cron delivers a mail whose first try failed", async ({ page, request }) => {
  const to = `retry-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await insertOutboxRow({
    to,
    subject: "Réinitialisation de votre mot de passe – JetMalin",
    html: "<html><body><p>Bonjour</p></body></html>",
    text: "Bonjour",
    createdAt: new Date(Date.now() - 10 * 60_000),
    status: "failed",
    attempts: 1,
    lastError: "Resend answered 503: unavailable",
    nextAttemptAt: new Date(Date.now() - 60_000),
  });
  await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
  await expect(page.getByTestId("mail-row")).toContainText("Échec");

  // wrangler dev --test-scheduled: fires the */5 cron in workerd, as Cloudflare would.
  expect((await request.get(`/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).ok()).toBe(true);
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(page.getByTestId("mail-row")).toContainText("Envoyé", { timeout: 1000 });
  }).toPass();
  await page.getByRole("link", { name: "Réinitialisation de votre mot de passe – JetMalin" }).click();
  await expect(page.getByText("(tentatives : 2)")).toBeVisible();
});

test("a mail the app sends leaves through the queue's consumer in seconds, not at the next cron", async ({ page }) => {
  const to = `queued-${crypto.randomUUID().slice(0, 8)}@example.com`;
  // The footer's newsletter: the page answers at once, the mail is a job of jetmalin-jobs.
  await page.goto("/about?lng=fr");
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Recevez nos meilleurs empty legs par email").fill(to);
  await footer.getByRole("button", { name: "S'inscrire" }).click();
  await expect(page.getByText(/Presque fini/)).toBeVisible();
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(page.getByTestId("mail-row")).toContainText("Envoyé", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.getByTestId("mail-row").getByRole("link").click();
  // Its first try was the queue's: the cron has not run.
  await expect(page.getByText("(tentatives : 1)")).toBeVisible();
});
