// The browser's half of a passkey ceremony (decision 038): @simplewebauthn/browser is loaded, in
// a chunk of its own, only when a ceremony starts; whether the browser can is asked of the browser
// itself, so a page's first paint and hydration load none of it (decision 056).
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";

export const REGISTRATION_OPTIONS_PATH = "/passkeys/registration-options";
export const AUTHENTICATION_OPTIONS_PATH = "/passkeys/authentication-options";

/** The answer to post, or the message to show (a text or an `auth` key) about form field `field`. */
export type Ceremony<Answer> =
  { ok: true; answer: Answer } | { ok: false; message: string; translated: boolean; field?: "password" };

type Options = { ok: true; json: unknown } | { ok: false; message: string; field?: "password" };

const loadBrowser = () => import("@simplewebauthn/browser");

/** The library's own two checks (browserSupportsWebAuthn, browserSupportsWebAuthnAutofill), without loading it. */
export async function passkeySupport() {
  const credential = typeof window === "undefined" ? undefined : window.PublicKeyCredential;
  if (typeof credential !== "function") return { supported: false, autofill: false };
  const autofill =
    typeof credential.isConditionalMediationAvailable === "function" &&
    (await credential.isConditionalMediationAvailable().catch(() => false));
  return { supported: true, autofill };
}

const offersPasskeys = (element: EventTarget | null) =>
  element instanceof HTMLInputElement && /\bwebauthn\b/.test(element.autocomplete);

/**
 * Runs `start` once the page has loaded and the main thread is idle, or at once when the person
 * focuses a field that offers passkeys (`autocomplete="… webauthn"`), whichever comes first; the
 * returned function cancels it. The email field's passkeys then cost nothing before the first paint.
 */
export function whenIdleOrFocused(start: () => void): () => void {
  if (offersPasskeys(document.activeElement)) {
    start();
    return () => {};
  }
  let cancelIdle = () => {};
  const stop = () => {
    document.removeEventListener("focusin", onFocus);
    window.removeEventListener("load", onLoad);
    cancelIdle();
  };
  const run = () => {
    stop();
    start();
  };
  const onFocus = (event: FocusEvent) => {
    if (offersPasskeys(event.target)) run();
  };
  const onLoad = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 500);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  document.addEventListener("focusin", onFocus);
  if (document.readyState === "complete") onLoad();
  else window.addEventListener("load", onLoad, { once: true });
  return stop;
}

/**
 * One options request at a time: each replaces the browser's challenge (its cookie), so a button
 * pressed while the email field's request is on its way must come after it.
 */
let lastOptions: Promise<unknown> = Promise.resolve();

function fetchOptions(path: string, fields: Record<string, string> = {}): Promise<Options> {
  const next = lastOptions.then(() => requestOptions(path, fields));
  lastOptions = next.catch(() => undefined);
  return next;
}

async function requestOptions(path: string, fields: Record<string, string>): Promise<Options> {
  const body = new URLSearchParams(fields);
  const response = await fetch(path, { method: "POST", body, credentials: "same-origin" });
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, json };
  const { message, field } = (json ?? {}) as { message?: unknown; field?: unknown };
  return {
    ok: false,
    message: typeof message === "string" ? message : "",
    ...(field === "password" ? { field } : {}),
  };
}

function browserRefusal(error: unknown): Ceremony<never> {
  const name = error instanceof Error ? error.name : "";
  const cancelled = name === "NotAllowedError" || name === "AbortError";
  return { ok: false, message: cancelled ? "passkeys.errors.cancelled" : "passkeys.errors.browser", translated: false };
}

export async function createPasskey(password: string): Promise<Ceremony<RegistrationResponseJSON>> {
  const [browser, options] = await Promise.all([loadBrowser(), fetchOptions(REGISTRATION_OPTIONS_PATH, { password })]);
  if (!options.ok) return { ...options, translated: true };
  try {
    return { ok: true, answer: await browser.startRegistration({ optionsJSON: options.json as never }) };
  } catch (error) {
    return browserRefusal(error);
  }
}

/**
 * `autofill`: conditional mediation; it waits until the person picks a passkey in the field
 * marked `webauthn`, or a new ceremony aborts it.
 */
export async function getPasskeyAssertion({ autofill = false } = {}): Promise<Ceremony<AuthenticationResponseJSON>> {
  const [browser, options] = await Promise.all([loadBrowser(), fetchOptions(AUTHENTICATION_OPTIONS_PATH)]);
  if (!options.ok) return { ok: false, message: options.message, translated: true };
  try {
    const answer = await browser.startAuthentication({
      optionsJSON: options.json as never,
      useBrowserAutofill: autofill,
    });
    return { ok: true, answer };
  } catch (error) {
    return browserRefusal(error);
  }
}
