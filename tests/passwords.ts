/**
 * Stored password hashes for tests about something other than hashing (limits, lockouts,
 * sessions). A hash at PBKDF2_ITERATIONS costs tens of milliseconds of CPU, and a test of a
 * cap signs in by the hundred; the stored string names its iterations and verifyPassword
 * honours them, so these users get a real hash, made by the app's own derivation, of fewer
 * iterations. The app never makes one: hashPassword always uses PBKDF2_ITERATIONS, and no
 * sign-in rehashes (so a seeded hash stays as it is, and no test counts an extra write).
 * app/accounts/password.server.test.ts and the tests that sign up keep the real cost.
 */
import { derivePasswordHash } from "#app/accounts/password.server";
import { base64 } from "#app/utils/crypto.server";

export const TEST_PBKDF2_ITERATIONS = 1_000;

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>` of `password`, with a fresh 16-byte salt. */
export async function testPasswordHash(password: string, iterations = TEST_PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derivePasswordHash(password, salt, iterations);
  return `pbkdf2-sha256$${iterations}$${base64(salt)}$${base64(hash)}`;
}
