import { asc, eq, ne } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { airports, notificationPreferences } from "#app/db/schema";

/** The countries a customer can ask alerts for: those of the airports (the feed's 'Unknown' aside). */
export async function listAlertCountries(db: Db) {
  const rows = await db.selectDistinct({ country: airports.country }).from(airports).where(ne(airports.country, "Unknown")).orderBy(asc(airports.country));
  return rows.map((row) => row.country);
}

/** The countries whose departures the user wants alerts for. Only theirs. */
export async function getUserAlertCountries(db: Db, userId: string) {
  const rows = await db.select({ country: notificationPreferences.country }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return rows.map((row) => row.country).sort();
}

/** Replaces the user's alert countries in one batch: nothing half-saved. */
export async function setUserAlertCountries(db: Db, { userId, countries, now }: { userId: string; countries: string[]; now: Date }) {
  const remove = db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  if (countries.length === 0) {
    await db.batch([remove]);
    return;
  }
  await db.batch([
    remove,
    ...countries.map((country) => db.insert(notificationPreferences).values({ userId, country, createdAt: now })),
  ]);
}

/**
 * Stops every alert of the user (the unsubscribe link): their countries go, in one
 * statement. Returns how many there were; 0 when already none.
 */
export async function removeUserAlertSubscriptions(db: Db, userId: string) {
  const result = await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return result.meta.changes;
}
