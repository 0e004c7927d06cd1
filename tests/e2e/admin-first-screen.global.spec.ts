/**
 * With all well, 'État du service' is one line and the flights tab's work starts on the first
 * screen (docs/operations.md 'The health panel'). The health is the whole D1's, so this runs in
 * the last project, once the other tests are done: it settles what they left for staff (failed
 * mails, orders waiting for a decision or a refund, holds past their end) and records a fresh
 * successful sync, then reads /admin as a gestionnaire on a 1280x800 screen.
 */
import { violations } from "./axe";
import { acceptEssentialCookies } from "./catalogue-helpers";
import { expect, loginAs, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

test.use({ viewport: { width: 1280, height: 800 } });

test("with all well, the health panel is one line and the first flight row is on the first screen", async ({
  page,
  context,
}) => {
  await acceptEssentialCookies(context);
  const now = Date.now();
  await executeLocalSql(
    `UPDATE mail_outbox SET status = 'sent', sent_at = ${now}, next_attempt_at = NULL WHERE status IN ('pending', 'failed')`,
    `UPDATE order_messages SET sent_at = ${now} WHERE sent_at IS NULL`,
    `UPDATE orders SET status = 'cancelled', cancel_reason = 'refused', payment_state = 'released', hold_expires_at = NULL
       WHERE status = 'processing' OR (status = 'pending' AND hold_expires_at < ${now})`,
    `UPDATE orders SET payment_state = 'refunded', refunded_cents = amount_cents WHERE payment_state = 'refundFailed'`,
    `INSERT INTO sync_runs (trigger, status, started_at, finished_at) VALUES ('cron', 'success', ${now}, ${now})`,
  );
  await loginAs(page, "gestionnaire");
  await expect(page).toHaveURL("/admin");
  const panel = page.getByRole("region", { name: "État du service" });
  await expect(panel).toContainText("État du service : tout va bien");
  // One line, the cards one click away (a <details>: no script needed).
  expect((await panel.boundingBox())!.height).toBeLessThan(60);
  await expect(page.getByTestId("health-sync")).toBeHidden();
  await panel.getByText("Détail des 7 contrôles").click();
  await expect(page.getByTestId("health-sync")).toBeVisible();
  await panel.getByText("Détail des 7 contrôles").click();

  const firstRow = page.getByTestId("admin-flight").first();
  await expect(firstRow).toBeVisible();
  const box = (await firstRow.boundingBox())!;
  expect(box.y + box.height, "the first flight row ends within the first screen").toBeLessThanOrEqual(800);
  const found = await violations(page, "/admin fr, all well, 1280 px");
  // The folded line in the other languages, and on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [language, line] of [
    ["en", "Service status: all is well"],
    ["de", "Dienststatus: alles in Ordnung"],
  ]) {
    await page.goto(`/admin?lng=${language}`);
    await expect(page.getByTestId("health-panel")).toContainText(line!);
    found.push(...(await violations(page, `/admin ${language}, all well, 390 px`)));
  }
  expect(found).toEqual([]);
});
