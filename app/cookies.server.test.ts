/**
 * Every cookie the app reads (decision 028): a value it did not write is screened out
 * and cleared, whatever it is; what the app writes passes; in production each is named
 * `__Host-`, and an unprefixed one (planted by a sibling subdomain) is not read.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestContext, PRODUCTION_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { sessionCookie } from "./accounts/session.server";
import { webauthnCookie } from "./accounts/webauthn.server";
import { appCookies } from "./cookies.server";
import { bookmarkCookie } from "./db/read-session.server";
import { languageCookie } from "./i18n.server";
import { serializeConsent } from "./privacy/consent.server";
import { clearCookies, screenCookies } from "./utils/cookies.server";
import { createToastHeaders, getToast } from "./utils/toast.server";

let d1: D1Database;
let dispose: () => Promise<void>;
let local: AppLoadContext;
let production: AppLoadContext;

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
  local = createTestContext({ d1 });
  production = createTestContext({ d1, vars: PRODUCTION_VARS });
});
afterAll(() => dispose());

/** What a hostile or broken client may send in a cookie. */
export const UNREADABLE_COOKIE_VALUES: Record<string, string> = {
  "%ff": "%ff",
  "%": "%",
  "a cut UTF-8 sequence": "%E2%82",
  // Raw bytes 0xFF and 0xFE (a Cookie header is bytes, not UTF-8), quotes, brackets, backslashes.
  "10 KB of junk": '\u00ff\u00fe$%!*{}[]"\\x'.repeat(854),
};

const BOOKMARK = "00000085-0000024c-00004c6d-8e61a2b3c4d5e6f708192a3b4c5d6e7f";

/** `name=value` of each cookie as the app writes it. */
async function written(context: AppLoadContext) {
  const secure = !context.env.isLocal;
  const pairs = [
    await sessionCookie(context).serialize("a-session-token"),
    (await createToastHeaders(context, { type: "success", description: "Enregistré" })).get("Set-Cookie")!,
    await languageCookie({ secure }).serialize("de"),
    await serializeConsent({ analytics: true, marketing: false }, { secure }),
    bookmarkCookie(BOOKMARK, { secure }),
    await webauthnCookie(context).serialize("a-webauthn-challenge-token"),
  ];
  return pairs.map((cookie) => cookie.split(";")[0]!);
}

const withCookie = (cookie: string) => new Request("http://localhost/home", { headers: { Cookie: cookie } });

describe("the cookie screen", () => {
  it("passes every cookie as the app writes it, and cookies that are not the app's", async () => {
    for (const context of [local, production]) {
      const header = [...(await written(context)), "other=%ff"].join("; ");
      const screened = await screenCookies(withCookie(header), appCookies(context));
      expect(screened.unreadable).toEqual([]);
      expect(screened.request.headers.get("Cookie")).toBe(header);
    }
  });

  it("names every cookie __Host- in production, and plainly in local development", async () => {
    expect(appCookies(local).map((cookie) => cookie.name)).toEqual([
      "jm_session",
      "jm_toast",
      "i18nextLng",
      "jm_consent",
      "jm_d1",
      "jm_webauthn",
    ]);
    expect(appCookies(production).map((cookie) => cookie.name)).toEqual([
      "__Host-jm_session",
      "__Host-jm_toast",
      "__Host-i18nextLng",
      "__Host-jm_consent",
      "__Host-jm_d1",
      "__Host-jm_webauthn",
    ]);
    for (const cookie of await written(production)) expect(cookie).toMatch(/^__Host-/);
  });

  for (const [kind, value] of Object.entries(UNREADABLE_COOKIE_VALUES)) {
    it(`screens out and clears each cookie holding ${kind}, keeping the others`, async () => {
      for (const context of [local, production]) {
        const good = await written(context);
        for (const { name } of appCookies(context)) {
          const header = [...good.filter((pair) => !pair.startsWith(`${name}=`)), `${name}=${value}`].join("; ");
          const screened = await screenCookies(withCookie(header), appCookies(context));
          expect(screened.unreadable, name).toEqual([name]);
          expect(screened.request.headers.get("Cookie"), name).toBe(
            good.filter((pair) => !pair.startsWith(`${name}=`)).join("; "),
          );
          const headers = new Headers();
          clearCookies(headers, screened.unreadable, { secure: !context.env.isLocal });
          expect(headers.getSetCookie(), name).toEqual([
            `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${context.env.isLocal ? "" : "; Secure"}`,
          ]);
        }
      }
    });
  }

  it("screens out a toast with a forged signature, and one signed with another secret", async () => {
    const [, toast] = await written(local);
    const value = toast!.slice("jm_toast=".length);
    for (const forged of [`${value.slice(0, value.lastIndexOf("."))}.AAAA`, `${value}x`, "e30=.$$$"]) {
      const screened = await screenCookies(withCookie(`jm_toast=${forged}`), appCookies(local));
      expect(screened.unreadable, forged).toEqual(["jm_toast"]);
    }
  });

  it("does not clear a cookie the response sets anew", () => {
    const headers = new Headers({ "Set-Cookie": "jm_toast=fresh; Path=/" });
    clearCookies(headers, ["jm_toast", "jm_consent"], { secure: false });
    expect(headers.getSetCookie()).toEqual([
      "jm_toast=fresh; Path=/",
      "jm_consent=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax",
    ]);
  });

  it("does not read an unprefixed cookie in production (a sibling subdomain may have planted it)", async () => {
    const planted = (await written(local)).join("; ");
    const screened = await screenCookies(withCookie(planted), appCookies(production));
    expect(screened.unreadable).toEqual([]);
    const { toast } = await getToast(withCookie(planted), production);
    expect(toast).toBeNull();
  });

  it("reads no toast, without throwing, from an unreadable toast cookie reaching getToast directly", async () => {
    for (const value of Object.values(UNREADABLE_COOKIE_VALUES)) {
      expect((await getToast(withCookie(`jm_toast=${value}`), local)).toast).toBeNull();
    }
  });
});
