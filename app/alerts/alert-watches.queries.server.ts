import { and, asc, count, eq, ne, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { airports, alertWatches, users } from "#app/db/schema";
import {
  type ALERT_PLACE_KINDS,
  type ALERT_WINDOWS,
  MAX_ALERT_WATCHES,
  type SEARCH_RADII_KM,
} from "#app/utils/constants";

export type AlertPlaceKind = (typeof ALERT_PLACE_KINDS)[number];
export type AlertPlace = { kind: AlertPlaceKind; value: string };
export type AlertWatch = {
  id: number;
  from: AlertPlace;
  to: AlertPlace | null;
  windowDays: (typeof ALERT_WINDOWS)[number];
  /** Decision 036; 0 for a country, or the city alone. */
  radiusKm: (typeof SEARCH_RADII_KM)[number];
};
export type NewAlertWatch = Omit<AlertWatch, "id">;

export async function listAlertPlaces(db: Db): Promise<{ cities: string[]; countries: string[] }> {
  const [cities, countries] = await db.batch([
    db.selectDistinct({ value: airports.servedCity }).from(airports).orderBy(asc(airports.servedCity)),
    db
      .selectDistinct({ value: airports.country })
      .from(airports)
      .where(ne(airports.country, "Unknown"))
      .orderBy(asc(airports.country)),
  ]);
  return { cities: cities.map((row) => row.value), countries: countries.map((row) => row.value) };
}

export async function listUserWatches(db: Db, userId: string): Promise<AlertWatch[]> {
  const rows = await db
    .select()
    .from(alertWatches)
    .where(eq(alertWatches.userId, userId))
    .orderBy(asc(alertWatches.id));
  return rows.map((row) => ({
    id: row.id,
    from: { kind: row.fromKind, value: row.fromValue },
    to: row.toKind && row.toValue ? { kind: row.toKind, value: row.toValue } : null,
    windowDays: row.windowDays as AlertWatch["windowDays"],
    radiusKm: row.fromRadiusKm as AlertWatch["radiusKm"],
  }));
}

export async function countUserWatches(db: Db, userId: string) {
  const [row] = await db.select({ n: count() }).from(alertWatches).where(eq(alertWatches.userId, userId));
  return row?.n ?? 0;
}

/** The cap is part of the insert, so two forms sent at once cannot both pass it. */
export async function addUserWatch(
  db: Db,
  { userId, watch, now }: { userId: string; watch: NewAlertWatch; now: Date },
) {
  const result =
    await db.run(sql`insert into alert_watches (user_id, from_kind, from_value, to_kind, to_value, window_days, from_radius_km, created_at)
    select ${userId}, ${watch.from.kind}, ${watch.from.value}, ${watch.to?.kind ?? null}, ${watch.to?.value ?? null}, ${watch.windowDays}, ${watch.radiusKm}, ${now.getTime()}
    where (select count(*) from alert_watches where user_id = ${userId}) < ${MAX_ALERT_WATCHES}`);
  return result.meta.changes === 1;
}

export async function removeUserWatch(db: Db, { userId, watchId }: { userId: string; watchId: number }) {
  const result = await db
    .delete(alertWatches)
    .where(and(eq(alertWatches.id, watchId), eq(alertWatches.userId, userId)));
  return result.meta.changes === 1;
}

export async function removeUserAlertSubscriptions(db: Db, userId: string) {
  const result = await db.delete(alertWatches).where(eq(alertWatches.userId, userId));
  return result.meta.changes;
}

export async function getUserAlertCap(db: Db, userId: string) {
  const [row] = await db.select({ cap: users.alertWeeklyCap }).from(users).where(eq(users.id, userId));
  return row?.cap ?? null;
}

export async function setUserAlertCap(db: Db, { userId, cap, now }: { userId: string; cap: number | null; now: Date }) {
  await db.update(users).set({ alertWeeklyCap: cap, updatedAt: now }).where(eq(users.id, userId));
}
