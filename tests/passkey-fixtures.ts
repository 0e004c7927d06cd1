/**
 * What the passkey tests on a real D1 share: their users, the tables each test starts
 * from empty, and the browser a request comes from.
 */
import type { SessionUser } from "#app/accounts/users.queries.server";

/** A confirmed user of `role`, named and mailed after `id`. */
export const userOf = (id: string, role: SessionUser["role"] = "client"): SessionUser => ({
  id,
  email: `${id}@example.ch`,
  firstName: id,
  lastName: "Test",
  phone: null,
  role,
  language: "fr",
});

/** Empties what a passkey test writes, users last (the others point at them). */
export const emptyPasskeyTables = (d1: D1Database) =>
  d1.batch(
    ["webauthn_challenges", "passkeys", "sessions", "second_factors", "rate_limits", "users"].map((table) =>
      d1.prepare(`delete from ${table}`),
    ),
  );

/** A POST to `url` from a browser holding `cookies` (the Set-Cookie values the app gave it). */
export const browserAt =
  (url: string) =>
  (...cookies: string[]) =>
    new Request(url, {
      method: "POST",
      headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") },
    });
