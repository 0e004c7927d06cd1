/** Helpers of the back-office browser tests. */
import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from "@playwright/test";

import { BASE_URL } from "../../playwright.config";
import { checkoutFormFields } from "../checkout-form";
import { fillCustomer, fillPassengers, payOnSimulator, uniqueSuffix, upcomingDemoFlights } from "./catalogue-helpers";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  expect,
  nextTotpStep,
  settle,
  testNetwork,
  totpCode,
} from "./fixtures";
import { executeLocalSql } from "./local-d1";
import { readLatestMail } from "./mail";
import { sharedStaffCookie, type StaffRole } from "./staff-sessions";

/**
 * Demo flights with seats to spare that the checkout tests (the last three) do not
 * book: `fromEnd` counts from the fourth-last.
 */
export function adminTestFlight(fromEnd: number) {
  const candidates = upcomingDemoFlights().filter((flight) => !flight.soldOut && flight.feedSeats >= 4);
  return candidates[candidates.length - 4 - fromEnd]!;
}

/** The seats a buyer may choose on the flight's checkout page (1 to the seats left). */
export async function seatsOnCheckout(page: Page, flightId: string) {
  await page.goto(`/checkout/${flightId}?lng=fr`);
  return page.getByLabel("Nombre de places").locator("option").count();
}

/**
 * Books `seats` seats as an anonymous buyer with a unique email; returns the email. The
 * order stays pending (the buyer leaves the provider's page), or with `pay` the card is
 * authorised on the simulator and the order is processing (docs/payments.md).
 */
export async function bookAsGuest(
  page: Page,
  flightId: string,
  seats: number,
  { pay = false }: { pay?: boolean } = {},
) {
  const email = `buyer.${uniqueSuffix()}@example.ch`;
  await page.goto(`/checkout/${flightId}?lng=fr`);
  // The passenger fields follow the seats chosen once React runs.
  await settle(page);
  await page.getByLabel("Nombre de places").selectOption(String(seats));
  await fillPassengers(page, seats);
  await fillCustomer(page, email, { firstName: "Olivia", lastName: "Ordre" });
  await page.getByLabel("J'accepte les conditions générales").check();
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await page.waitForURL(/\/dev\/pay\//);
  if (pay) {
    await payOnSimulator(page);
    await expect(page.getByTestId("order-status")).toHaveText("En cours de traitement");
  }
  return email;
}

/**
 * The 'placed' mail of an unpaid order, which waits for the payment (docs/orders.md 'Messages'): its wait is ended
 * in the local D1 and the 5-minute cron sends it, as it would ten minutes after the booking.
 */
export async function readPlacedMail(page: Page, email: string) {
  await executeLocalSql(
    `update order_messages set created_at = created_at - 3600000 where kind = 'placed' and sent_at is null
      and order_id in (select id from orders where json_extract(customer_info, '$.email') = '${email}')`,
  );
  expect((await page.request.get(`/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`)).ok()).toBe(true);
  return readLatestMail(page, email, { subject: "Votre réservation" });
}

/** The value of the form's input named `name` in a page's HTML. */
function inputValue(html: string, name: string) {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return input && /value="([^"]*)"/.exec(input)?.[1];
}

/**
 * `bookAsGuest` over HTTP, for a test that needs an order and not the checkout's page (the
 * form itself is driven in Chromium by checkout.spec.ts and payments.spec.ts): reads the
 * form's hidden fields (its idempotency key, the seats it shows), posts it as the browser
 * does, and with `pay` posts 'Payer' on the simulator. `buyer` is a request context of its
 * own (a network of its own: the per-network caps count each buyer alone). Returns the email.
 */
export async function bookOverHttp(
  buyer: APIRequestContext,
  flightId: string,
  seats: number,
  { pay = false }: { pay?: boolean } = {},
) {
  const email = `buyer.${uniqueSuffix()}@example.ch`;
  const path = `/checkout/${flightId}?lng=fr`;
  const page = await (await buyer.get(path)).text();
  const [idempotencyKey, seenAvailableSeats] = [
    inputValue(page, "idempotencyKey"),
    inputValue(page, "seenAvailableSeats"),
  ];
  expect(idempotencyKey && seenAvailableSeats, `the checkout form of ${flightId}`).toBeTruthy();
  const names = ["Léa Muller", "Marc Muller", "Zoé Muller", "Noé Muller", "Inès Muller", "Hugo Muller"];
  const form = checkoutFormFields({
    idempotencyKey: idempotencyKey!,
    seenAvailableSeats: seenAvailableSeats!,
    seats,
    email,
    passengers: Array.from({ length: seats }, (_, index) => names[index] ?? `Passager ${index + 1}`),
    fields: { firstName: "Olivia", lastName: "Ordre" },
  });
  const placed = await buyer.post(path, { form, headers: { Origin: BASE_URL }, maxRedirects: 0 });
  expect(placed.headers()["location"], `the order of ${email}`).toMatch(/\/dev\/pay\//);
  if (pay) {
    const paid = await buyer.post(placed.headers()["location"]!, {
      form: { intent: "pay" },
      headers: { Origin: BASE_URL },
      maxRedirects: 0,
    });
    expect(paid.headers()["location"], `the payment of ${email}`).toMatch(/\/confirmation\//);
  }
  return email;
}

/** A request context for a buyer, on a network of its own. */
export function buyerRequest() {
  return playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9", "CF-Connecting-IP": testNetwork() },
  });
}

/** A POST straight to an action with the page's cookies, as a hand-made form would. */
export function postForm(page: Page, path: string, form: Record<string, string>, baseURL: string) {
  return page.request.post(path, { form, headers: { Origin: baseURL }, maxRedirects: 0 });
}

/** 'Refuser' on an open order card, then its confirmation ('Refuser' asks first). */
export async function refuseOrder(card: Locator) {
  await card.getByTestId("refuse-confirmation").locator("summary").click();
  await card.getByRole("button", { name: "Confirmer le refus" }).click();
}

/**
 * Signs `email` in over plain HTTP (the /login form's post, no page) and returns a request
 * context that carries the session, on a network of its own (`ip`, sent as `CF-Connecting-IP`).
 * The one place HTTP-only tests sign staff in: a second factor for staff changes this
 * function only.
 */
export async function signInOverHttp(
  baseURL: string,
  email: string,
  password: string,
  ip: string,
): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9", "CF-Connecting-IP": ip },
  });
  const response = await context.post("/login", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    data: new URLSearchParams({ intent: "login", email, password }).toString(),
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${email}`).toBe(302);
  if (!response.headers()["location"]?.startsWith("/login/code")) return context;
  // Staff answer the code step with the demo secret (decision 027); a code already used
  // by another sign-in of the same account waits for the next one.
  for (let attempt = 1; ; attempt++) {
    const code = await context.post("/login/code", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
      data: new URLSearchParams({ code: await totpCode(DEMO_TOTP_SECRET) }).toString(),
      maxRedirects: 0,
    });
    if (code.status() === 302 || attempt >= 2) {
      expect(code.status(), `code step as ${email}`).toBe(302);
      return context;
    }
    await nextTotpStep();
  }
}

/**
 * A request context signed in as a demo staff account, on a network of its own (`ip`):
 * the run's shared session (staff-sessions.ts), or a sign-in of its own when the setup
 * project did not run. Not for a test that signs out: that one uses `signInOverHttp`.
 */
export async function staffRequest(role: StaffRole, ip: string): Promise<APIRequestContext> {
  const cookie = sharedStaffCookie(role);
  if (!cookie) return signInOverHttp(BASE_URL, DEMO_ACCOUNTS[role], DEMO_PASSWORD, ip);
  return playwrightRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { "Accept-Language": "fr-CH,fr;q=0.9", "CF-Connecting-IP": ip },
    storageState: { cookies: [cookie], origins: [] },
  });
}

/**
 * Presses 'Envoyer les alertes' over HTTP as the admin: the button's post (a plain form of
 * /admin), then /admin as the redirect shows it. Returns the result banner's text. The
 * button itself is pressed in Chromium by admin-sync.global.spec.ts; a test that only needs
 * the alerts sent (their mail, their notification) sends them this way.
 */
export async function sendAlertsOverHttp(): Promise<string> {
  const admin = await staffRequest("admin", testNetwork());
  const response = await admin.post("/admin/alerts", { form: { redirectTo: "/admin" }, headers: { Origin: BASE_URL } });
  expect(new URL(response.url()).pathname, "'Envoyer les alertes' goes back to /admin").toBe("/admin");
  const html = await response.text();
  await admin.dispose();
  const banner = /<div [^>]*data-testid="admin-banner"[^>]*>([^<]*)<\/div>/.exec(html)?.[1];
  expect(banner, "the result banner on /admin").toBeDefined();
  return banner!.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/**
 * Names a flight's carrier through its row's 'Opérateur' form, over HTTP: an order of a flight
 * without one cannot be validated (docs/orders.md).
 */
export async function nameCarrierOverHttp(staff: APIRequestContext, flightId: string) {
  const saved = await staff.post("/admin?index", {
    form: {
      intent: "operator",
      flightId,
      operatorName: "Alpes Jet SA",
      operatorAoc: "CH.AOC.1042",
      operatorState: "CH",
      checkInMinutes: "30",
      manifestDeadlineHours: "24",
    },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(saved.status(), `the carrier of ${flightId}`).toBe(200);
}

/** A day `offset` days ahead, in Zurich, as /new-flight's date field wants it. */
export const futureDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A flight from Genève to a city of its own (`cityPrefix` and a unique suffix), made by staff through /new-flight
 * over HTTP, and its id as the flights tab shows it. It has no carrier: see `nameCarrierOverHttp`.
 */
export async function createStaffFlight(
  staff: APIRequestContext,
  baseURL: string,
  { cityPrefix, dayOffset, time }: { cityPrefix: string; dayOffset: number; time: string },
) {
  const city = `${cityPrefix} ${uniqueSuffix()}`;
  const day = futureDay(dayOffset);
  const created = await staff.post("/new-flight", {
    form: {
      departureCity: "Genève",
      arrivalCity: city,
      date: day,
      departureTimeType: "exact",
      exactTime: time,
      aircraftType: "PC12",
      probability: "80",
      flexibilityDays: "1",
      flightTime: "70",
    },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(created.status(), "the flight is created").toBe(302);
  const list = await (await staff.get(`/admin?q=${encodeURIComponent(city)}`)).text();
  const id = /data-flight-id="([\w-]+)"/.exec(list)?.[1];
  expect(id, "the new flight in the flights tab").toBeTruthy();
  return { id: id!, city, day };
}
