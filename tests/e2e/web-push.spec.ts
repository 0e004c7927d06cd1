/**
 * Web Push (docs/decisions/057-web-push.md): a client turns push on for Chromium on the alerts page, staff add a leg
 * on a watched route, and the local push service receives the push, checks its VAPID JWT and decrypts it with the
 * device's key: /dev/push lists it, in the client's language, with the flight's checkout. The device is then removed
 * by a page without JavaScript. The offline page of the service worker is installable.spec.ts's.
 */
import { type APIRequestContext, chromium } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { newClientOnProfile } from "./account-helpers";
import { createStaffFlight, futureDay, staffRequest } from "./admin-helpers";
import { violations } from "./axe";
import { expect, settle, test, testNetwork, waitForHydration } from "./fixtures";

test.use({ serviceWorkers: "allow" });

/** Staff's second flight to `city` on `day`, through /new-flight as createStaffFlight posts it; its id. */
async function addLeg(staff: APIRequestContext, city: string, day: string, knownIds: string[]) {
  const created = await staff.post("/new-flight", {
    form: {
      departureCity: "Genève",
      arrivalCity: city,
      date: day,
      departureTimeType: "exact",
      exactTime: "09:10",
      aircraftType: "PC12",
      probability: "80",
      flexibilityDays: "1",
      flightTime: "70",
    },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(created.status(), "the leg is created").toBe(302);
  const list = await (await staff.get(`/admin?q=${encodeURIComponent(city)}`)).text();
  const ids = [...list.matchAll(/data-flight-id="([\w-]+)"/g)].map((match) => match[1]!);
  const id = ids.find((candidate) => !knownIds.includes(candidate));
  expect(id, "the new leg in the flights tab").toBeTruthy();
  return id!;
}

test("a leg added on a watched route reaches the client's device by push, decrypted at /dev/push with its checkout", async ({
  page,
  context,
  browser,
  consoleErrors,
}) => {
  test.slow();
  await context.grantPermissions(["notifications"], { origin: BASE_URL });
  const staff = await staffRequest("gestionnaire", testNetwork());
  // A route of its own: its city comes with a first flight past every alert window.
  const first = await createStaffFlight(staff, BASE_URL, { cityPrefix: "Pushville", dayOffset: 32, time: "08:00" });

  const email = `push-${Date.now()}@example.test`;
  await newClientOnProfile(page, email, "Pia");
  await page.goto("/profile?lng=fr");
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Départ", exact: true }).selectOption({ label: "Genève" });
  await page.getByRole("combobox", { name: "Arrivée (facultatif)" }).selectOption({ label: first.city });
  await page.getByRole("combobox", { name: "Départ dans les" }).selectOption({ label: "30 prochains jours" });
  await page.getByRole("button", { name: "Ajouter l'alerte" }).click();
  await expect(page.getByText("Alerte ajoutée")).toBeVisible();

  await expect(page.getByText("Aucun appareil ne reçoit vos notifications push.")).toBeVisible();
  await settle(page);
  await page.getByRole("button", { name: "Activer sur cet appareil" }).click();
  await expect(page.getByText("Notifications push activées sur cet appareil")).toBeVisible();
  const devices = page.getByRole("list", { name: "Appareils qui reçoivent les notifications push" });
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await expect(devices).toContainText("Chrome · Windows");
  expect(await violations(page, "profile with a push device")).toEqual([]);

  const legId = await addLeg(staff, first.city, futureDay(5), [first.id]);
  await staff.dispose();

  // The push as the local push service decrypted it with the device's private key.
  const row = page.getByTestId("push-row").filter({ has: page.locator(`a[href="/checkout/${legId}"]`) });
  await expect(async () => {
    await page.goto("/dev/push?lng=fr");
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText(`Nouveau vol : Genève → ${first.city}`);
  await expect(row).toContainText("Réservez avant qu'il ne soit complet.");
  // The alert mail is for watchers without push.
  const alertMail = await page.request.get(
    `/dev/mail/latest.json?to=${encodeURIComponent(email)}&subject=${encodeURIComponent("pour vos alertes")}`,
  );
  expect(alertMail.status(), "no alert mail to a client with push").toBe(404);

  // Without JavaScript: the device is removed by the plain form; turning push on needs JavaScript.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/profile?lng=fr");
  await expect(
    plain.getByText("Activez JavaScript pour recevoir les notifications push sur cet appareil."),
  ).toBeVisible();
  await plain.getByRole("button", { name: "Retirer l'appareil : Chrome · Windows" }).click();
  await expect(plain.getByText("Appareil retiré")).toBeVisible();
  await expect(plain.getByText("Aucun appareil ne reçoit vos notifications push.")).toBeVisible();
  await noScript.close();
  expect(consoleErrors).toEqual([]);
});

/**
 * The service worker's `push` handler, fed by Chromium itself (DevTools' deliverPushMessage, what the push service's
 * message becomes once the browser has decrypted it). In the full Chromium: the headless shell the other specs use
 * has no notification platform, so nothing would be shown there.
 */
test("the service worker shows a pushed message as a notification that opens its page, and never another site", async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new"] });
  try {
    const context = await browser.newContext({ serviceWorkers: "allow" });
    await context.grantPermissions(["notifications"], { origin: BASE_URL });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/home`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registrations: Array<{ registrationId: string; isDeleted: boolean }> = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => void registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect.poll(() => registrations.filter((registration) => !registration.isDeleted).length).toBe(1);
    const { registrationId } = registrations.find((registration) => !registration.isDeleted)!;
    const deliver = (message: object) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: new URL(BASE_URL).origin,
        registrationId,
        data: JSON.stringify(message),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          url: (notification.data as { url: string }).url,
        })),
      );
    await deliver({
      title: "Nouveau vol : Genève → Nice",
      body: "Le 3 décembre à 09:10.",
      url: "/checkout/f1",
      tag: "n1",
    });
    await expect
      .poll(shown)
      .toEqual([{ title: "Nouveau vol : Genève → Nice", body: "Le 3 décembre à 09:10.", url: "/checkout/f1" }]);
    // A link that leaves the site is not followed: the notification opens the notifications page.
    await deliver({ title: "Autre", body: "", url: "https://evil.example/", tag: "n2" });
    await expect
      .poll(async () => (await shown()).find((notification) => notification.title === "Autre")?.url)
      .toBe("/notifications");
  } finally {
    await browser.close();
  }
});
