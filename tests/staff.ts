/**
 * Staff open the back-office only with a second factor (decision 027): tests that act as
 * staff give their staff users a confirmed one with a known secret.
 */
import type { Db } from "#app/db/client.server";
import { secondFactors } from "#app/db/schema";

/** A base32 secret the tests know (20 bytes). */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Gives each user a confirmed second factor (no code used yet). */
export async function enrolSecondFactor(db: Db, userIds: string[], now = new Date()) {
  await db
    .insert(secondFactors)
    .values(userIds.map((userId) => ({ userId, secret: TEST_TOTP_SECRET, confirmedAt: now })))
    .onConflictDoNothing();
}
