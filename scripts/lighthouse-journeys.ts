/**
 * The pages `npm run lighthouse` reaches only through a journey, prepared over plain HTTP
 * as a browser would post the forms: a bookable flight's checkout, the confirmation of an
 * order placed and paid on it (with the key of its link), and the demo client's dashboard
 * with its session cookie. Against a local server only: it pays on the provider's
 * simulator (/dev/pay) and signs in with the demo password.
 */
import { checkoutFormFields } from "../tests/checkout-form.ts";

/** The seeded demo client (README "Demo accounts"). */
const DEMO_CLIENT = { email: "client@jetmalin.test", password: "JetMalin-demo-2026" };

export type JourneyPage = { url: string; headers?: Record<string, string> };

/**
 * Each run posts from a network of its own (a TEST-NET-2 address, as the browser tests
 * do), so that the per-network caps of orders and sign-ins never refuse a later run.
 */
function postHeaders(base: string, network: string, cookie?: string): Record<string, string> {
  return {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: new URL(base).origin,
    "Accept-Language": "fr-CH,fr;q=0.9",
    "CF-Connecting-IP": network,
    ...(cookie ? { Cookie: cookie } : {}),
  };
}

async function post(base: string, path: string, form: Record<string, string>, headers: Record<string, string>) {
  const response = await fetch(new URL(path, base), {
    method: "POST",
    body: new URLSearchParams(form),
    headers,
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`POST ${path} answered ${response.status}, no redirect`);
  return { location, cookies: response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!) };
}

async function getText(base: string, path: string) {
  const response = await fetch(new URL(path, base), { headers: { "Accept-Language": "fr-CH,fr;q=0.9" } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.text();
}

/** The value of the form's input named `name` in a page's HTML. */
function inputValue(html: string, name: string) {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const value = input && /value="([^"]*)"/.exec(input)?.[1];
  if (!value) throw new Error(`no ${name} in the checkout form`);
  return value;
}

/** The checkout of the last bookable flight /home lists, and an order placed and paid there for one seat. */
async function checkoutAndConfirmation(base: string, network: string): Promise<JourneyPage[]> {
  const home = await getText(base, "/home?lng=fr");
  const checkoutPaths = [...home.matchAll(/href="(\/checkout\/[^"?]+)"/g)].map((match) => match[1]!);
  const checkoutPath = checkoutPaths.at(-1);
  if (!checkoutPath) throw new Error("/home lists no bookable flight: seed the local D1 (npm start does)");
  const form = await getText(base, `${checkoutPath}?lng=fr`);
  const placed = await post(
    base,
    `${checkoutPath}?lng=fr`,
    checkoutFormFields({
      idempotencyKey: inputValue(form, "idempotencyKey"),
      seenAvailableSeats: inputValue(form, "seenAvailableSeats"),
      seats: 1,
      passengers: ["Léa Muller"],
      email: `lighthouse.${Date.now().toString(36)}@example.ch`,
    }),
    postHeaders(base, network),
  );
  if (!placed.location.includes("/dev/pay/"))
    throw new Error(`the checkout sent to ${placed.location}, not the simulator`);
  const paid = await post(base, placed.location, { intent: "pay" }, postHeaders(base, network));
  if (!paid.location.includes("/confirmation/")) throw new Error(`the payment sent to ${paid.location}`);
  return [{ url: new URL(checkoutPath, base).toString() }, { url: new URL(paid.location, base).toString() }];
}

/**
 * The demo client's pages behind a sign-in: the dashboard and /profile/passkeys (the passkey
 * script's other page). The session cookie goes with every request of their audits.
 */
async function signedInPages(base: string, network: string): Promise<JourneyPage[]> {
  const signedIn = await post(
    base,
    "/login",
    { intent: "login", email: DEMO_CLIENT.email, password: DEMO_CLIENT.password },
    postHeaders(base, network),
  );
  // Only the session: the sign-in's toast would otherwise show on the audited page.
  const session = signedIn.cookies.filter((cookie) => cookie.split("=")[0]!.endsWith("jm_session"));
  if (session.length === 0) throw new Error("the demo client's sign-in set no session cookie");
  const headers = { Cookie: session.join("; ") };
  return ["/dashboard", "/profile/passkeys"].map((path) => ({ url: new URL(path, base).toString(), headers }));
}

export async function journeyPages(base: string): Promise<JourneyPage[]> {
  const network = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  return [...(await checkoutAndConfirmation(base, network)), ...(await signedInPages(base, network))];
}
