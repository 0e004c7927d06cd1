/**
 * The lockouts hold under a burst against the running Worker (issue 31, decision 028):
 * 20 wrong passwords sent at once to /login from one network, and 20 wrong codes sent at
 * once to /login/code for one pending sign-in, get at most the limit's number of 401s;
 * the rest are 429. HTTP only: no page needed. The code step runs on a staff account of
 * its own (made in the local D1), so the demo staff's lockout is never touched.
 */
import { BASE_URL } from "../../playwright.config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET, expect, test, totpCode, uniqueEmail } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const FORM = { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE_URL };
/** RATE_LIMITS in app/limits/rate-limits.server.ts. */
const FAILED_SIGN_INS_PER_NETWORK = 10;
const WRONG_CODES_PER_ACCOUNT = 5;

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

test("20 wrong passwords sent at once from one network: at most 10 answered 401, the rest 429", async ({ request }) => {
  const email = uniqueEmail("burst");
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      request.post("/login", {
        headers: FORM,
        data: new URLSearchParams({ intent: "login", email, password: `wrong-${i}` }).toString(),
        maxRedirects: 0,
      }),
    ),
  );
  const counts = tally(answers.map((response) => response.status()));
  console.log("wrong passwords at once:", JSON.stringify(counts));
  expect(counts[401]).toBeLessThanOrEqual(FAILED_SIGN_INS_PER_NETWORK);
  expect(counts[401]! + counts[429]!).toBe(20);
});

test("20 wrong codes sent at once for one pending sign-in: at most 5 answered 401, the rest 429", async ({
  request,
}) => {
  // A gestionnaire of its own, with the demo password and the demo secret.
  const id = crypto.randomUUID();
  const email = uniqueEmail("burst-staff");
  executeLocalSql(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, email_confirmed_at)
       SELECT '${id}', '${email}', password_hash, 'Burst', 'Staff', 'gestionnaire', email_confirmed_at
       FROM users WHERE email = '${DEMO_ACCOUNTS.gestionnaire}';
     INSERT INTO second_factors (user_id, secret, confirmed_at) VALUES ('${id}', '${DEMO_TOTP_SECRET}', 1);`,
  );
  const signedIn = await request.post("/login", {
    headers: FORM,
    data: new URLSearchParams({ intent: "login", email, password: DEMO_PASSWORD }).toString(),
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers()["location"]).toMatch(/^\/login\/code/);
  const right = await totpCode(DEMO_TOTP_SECRET);
  const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, "0");
  // The request context keeps the pending sign-in's cookie.
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      request.post("/login/code", {
        headers: FORM,
        data: new URLSearchParams({ code: wrong }).toString(),
        maxRedirects: 0,
      }),
    ),
  );
  const counts = tally(answers.map((response) => response.status()));
  console.log("wrong codes at once:", JSON.stringify(counts));
  expect(counts[401]).toBeLessThanOrEqual(WRONG_CODES_PER_ACCOUNT);
  expect(counts[401]! + counts[429]!).toBe(20);
  // Locked: even the right code is refused until the window ends.
  const locked = await request.post("/login/code", {
    headers: FORM,
    data: new URLSearchParams({ code: right }).toString(),
    maxRedirects: 0,
  });
  expect(locked.status()).toBe(429);
});
