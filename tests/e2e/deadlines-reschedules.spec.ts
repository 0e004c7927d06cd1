/**
 * The authorisation's deadline in the browser (docs/decisions/034-reschedules-and-deadlines.md):
 * a paid order shows 'À valider avant le …' in the orders tab, the tab sorts by it without
 * JavaScript, and the 5-minute cron cancels the order once its deadline has passed, the
 * customer told by mail.
 */
import { bookAsGuest } from "./admin-helpers";
import { upcomingDemoFlights } from "./catalogue-helpers";
import { expect, loginAs, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";

/**
 * Bookable demo flights no other spec books: checkout, admin-orders, a11y and payments take
 * the last ten, waitlist the eleventh from the end, customer-cancellation the twelfth and
 * thirteenth, receipts the fourteenth; these two the fifteenth and sixteenth (the second is
 * moved by an hour).
 */
const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
const flight = candidates[candidates.length - 1 - 15]!;
const rescheduled = candidates[candidates.length - 1 - 16]!;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the deadline shows in the orders tab, sorts the list, and the cron cancels the order at it", async ({
    page,
    browser,
    request,
  }) => {
    const email = await bookAsGuest(page, flight.id, 1, { pay: true });
    const orderId = new URL(page.url()).pathname.split("/")[2]!;

    const staff = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
    const admin = await staff.newPage();
    await loginAs(admin, "admin");
    await admin.goto(`/admin/orders?status=processing&q=${encodeURIComponent(email)}`);
    // The simulator's authorisation lasts 7 days: 'À valider avant le …', in Zurich time.
    await expect(admin.getByTestId("order-capture-before")).toHaveText(
      /^À valider avant le \d{2} \S+ \d{4} à \d{2}:\d{2}$/,
    );

    // The sort is a labelled select of the GET search form. Other specs' processing orders
    // lapse in 7 days too: this one, due within the hour, comes first once sorted.
    await executeLocalSql(
      `update orders set capture_before = ${Date.now() + 3_600_000} where id = '${orderId}' and status = 'processing'`,
    );
    await admin.goto("/admin/orders?status=processing");
    await admin.getByLabel("Trier par").selectOption("captureBefore");
    await admin.getByRole("button", { name: "Rechercher" }).click();
    await expect(admin).toHaveURL(/sort=captureBefore/);
    await expect(admin.getByLabel("Trier par")).toHaveValue("captureBefore");
    await expect(admin.getByTestId("order-card").first()).toHaveAttribute("data-order-id", orderId);

    // Its deadline has passed: the cron releases it, cancels it and tells the customer.
    await executeLocalSql(
      `update orders set capture_before = ${Date.now() - 60_000} where id = '${orderId}' and status = 'processing'`,
    );
    expect((await request.get(`/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).ok()).toBe(true);
    const mail = await readLatestMail(page, email, { subject: "a été annulée" });
    expect(mail.text).toContain("avant la fin de validité de l'autorisation de paiement");
    await admin.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
    await expect(admin.getByTestId("order-payment-state")).toHaveText("Autorisation libérée");
    await staff.close();
  });

  test("a staff reschedule mails the new time and the order's .ics raises its SEQUENCE", async ({ page, browser }) => {
    const email = await bookAsGuest(page, rescheduled.id, 1, { pay: true });
    const orderId = new URL(page.url()).pathname.split("/")[2]!;
    const staff = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
    const admin = await staff.newPage();
    await loginAs(admin, "admin");
    await admin.goto(`/admin/orders?status=processing&q=${encodeURIComponent(email)}`);
    await admin.getByTestId("order-card").locator("summary").first().click();
    await admin.getByRole("button", { name: "Valider" }).click();
    await expect(admin.getByText("Commande validée avec succès")).toBeVisible();

    const confirmed = await readLatestMail(page, email, { subject: "est confirmé" });
    const calendarLink = confirmed.links.find((href) => new URL(href).pathname.endsWith("/calendar.ics"))!;
    const calendarPath = new URL(calendarLink).pathname + new URL(calendarLink).search;
    const before = await (await page.request.get(calendarPath)).text();
    expect(before).toContain(`UID:${orderId}@jetmalin`);
    expect(before).toContain("SEQUENCE:0\r\n");

    // Staff move the departure by an hour in the flight's edit panel.
    await admin.goto(`/admin?${new URLSearchParams({ q: rescheduled.fromCity, lng: "fr" })}`);
    const row = admin.locator(`[data-flight-id="${rescheduled.id}"]`);
    await row.getByText("Modifier, détails et historique", { exact: true }).click();
    const time = row.getByLabel("Heure (Zurich)");
    const [hours, minutes] = ((await time.inputValue()) || "08:00").split(":").map(Number);
    const moved = `${String((hours! + 1) % 24).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
    await row.getByRole("radio", { name: "Heure exacte" }).check();
    await time.fill(moved);
    await row.getByRole("button", { name: "Enregistrer" }).click();
    await staff.close();

    const mail = await readLatestMail(page, email, { subject: "Nouvel horaire" });
    expect(mail.text).toContain(`à ${moved}, au lieu du`);
    const after = await (await page.request.get(calendarPath)).text();
    expect(after).toContain(`UID:${orderId}@jetmalin`);
    expect(after).toContain("SEQUENCE:1\r\n");
  });
});
