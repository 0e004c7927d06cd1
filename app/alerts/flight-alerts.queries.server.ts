// The alerts' statements (docs/sync.md 'Alerts'): every statement of a job's batch carries "still waiting".
import { type SQL, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { runBatch } from "#app/db/d1-batch.server";
import { liveSeats } from "#app/db/live-seats.server";
import { insertOutboxMailWhen, type NewOutboxMail } from "#app/db/outbox-insert.server";
import type { NotificationParams } from "#app/db/schema";

export type AlertableFlight = {
  id: string;
  departureMs: number;
  fromCity: string;
  fromCountry: string;
  toCity: string;
};

function alertableFlights({ from, until, flightIds }: { from: Date; until: Date; flightIds?: string[] }): SQL {
  const only = flightIds ? sql`and flights.id in (select value from json_each(${JSON.stringify(flightIds)}))` : sql``;
  return sql`flights.departure_date >= ${from.getTime()} and flights.departure_date < ${until.getTime()}
    and flights.status = 'scheduled' and flights.offer_only = 0 and not ${liveSeats(from).soldOut} ${only}`;
}

export function listAlertableFlights(db: Db, window: { from: Date; until: Date; flightIds?: string[] }) {
  return db.all<AlertableFlight>(sql`select flights.id, flights.departure_date as departureMs, d.served_city as fromCity,
      d.country as fromCountry, a.served_city as toCity
    from flights join airports d on d.id = flights.departure_airport_id join airports a on a.id = flights.arrival_airport_id
    where ${alertableFlights(window)}
    order by flights.departure_date, flights.id`);
}

export type AlertRun = { watches: number; flights: number; recorded: number; waitingUsers: string[] };

const DAY_MS = 24 * 60 * 60 * 1000;
const placeMatches = (kind: SQL, value: SQL, airport: string) =>
  sql`lower(trim(${value})) = lower(trim(case ${kind} when 'city' then ${sql.raw(airport)}.served_city else ${sql.raw(airport)}.country end))`;

const departureMatches = (nearby: string) =>
  sql`(${placeMatches(sql`w.from_kind`, sql`w.from_value`, "d")} or (w.from_kind = 'city' and w.from_radius_km > 0
    and exists (select 1 from json_each(${nearby}) n where n.value ->> '$[1]' = d.id and n.value ->> '$[2]' <= w.from_radius_km
      and lower(trim(n.value ->> '$[0]')) = lower(trim(w.from_value)))))`;

/** Also lists the users whose pairs still wait, those of an earlier run's lost job included. */
export async function recordAlertRun(
  db: Db,
  window: { from: Date; until: Date; countUntil: Date; flightIds?: string[]; now: Date },
  nearby: Array<[city: string, airportId: number, km: number]> = [],
): Promise<AlertRun> {
  const [counts, inserted, waiting] = await runBatch(db, [
    sql`select (select count(*) from alert_watches) as watches,
      (select count(*) from flights where ${alertableFlights({ ...window, until: window.countUntil })}) as flights`,
    sql`insert into alert_deliveries (user_id, flight_id, alerted_at)
      select distinct w.user_id, flights.id, ${window.now.getTime()}
      from flights join airports d on d.id = flights.departure_airport_id join airports a on a.id = flights.arrival_airport_id
        join alert_watches w on ${departureMatches(JSON.stringify(nearby))}
          and (w.to_kind is null or ${placeMatches(sql`w.to_kind`, sql`w.to_value`, "a")})
          and flights.departure_date < ${window.from.getTime()} + w.window_days * ${DAY_MS}
      where ${alertableFlights(window)}
      on conflict (user_id, flight_id) do nothing`,
    sql`select distinct user_id as userId from alert_deliveries where notified_at is null order by user_id`,
  ]);
  const { watches, flights } = counts!.results[0] as { watches: number; flights: number };
  return {
    watches,
    flights,
    recorded: inserted!.meta.changes,
    waitingUsers: (waiting!.results as Array<{ userId: string }>).map((row) => row.userId),
  };
}

export type WaitingAlert = {
  email: string;
  firstName: string;
  language: string | null;
  flightId: string;
  departureMs: number;
  fromCity: string;
  toCity: string;
  fromIcao: string;
  toIcao: string;
  flightTime: number;
  pricePerMinute: number;
  offeredSeats: number;
  aircraftType: string;
  stillOn: 0 | 1;
  capped: 0 | 1;
  /** A customer with a device for Web Push hears of each flight there, not by the alert mail. */
  hasPush: 0 | 1;
};

export const FLIGHT_ALERT_TEMPLATE = "alerts/flight-alert";

function underWeeklyCap(userId: string, now: Date): SQL {
  return sql`coalesce((select u.alert_weekly_cap > (select count(*) from mail_outbox m
      where m.to_address = u.email and m.template = ${FLIGHT_ALERT_TEMPLATE} and m.created_at > ${now.getTime() - 7 * DAY_MS})
    from users u where u.id = ${userId} and u.alert_weekly_cap is not null), 1)`;
}

export function listWaitingAlerts(db: Db, { userId, now }: { userId: string; now: Date }) {
  return db.all<WaitingAlert>(sql`select u.email, u.first_name as firstName, u.language, d.flight_id as flightId,
      flights.departure_date as departureMs, dep.served_city as fromCity, arr.served_city as toCity,
      dep.icao_code as fromIcao, arr.icao_code as toIcao,
      flights.flight_time as flightTime, flights.price_per_minute as pricePerMinute, ${liveSeats(now).offered} as offeredSeats,
      flights.aircraft_type as aircraftType,
      (flights.departure_date >= ${now.getTime()} and flights.status = 'scheduled' and not ${liveSeats(now).soldOut}) as stillOn,
      not ${underWeeklyCap(userId, now)} as capped,
      exists (select 1 from push_subscriptions s where s.user_id = u.id) as hasPush
    from alert_deliveries d join users u on u.id = d.user_id join flights on flights.id = d.flight_id
      join airports dep on dep.id = flights.departure_airport_id join airports arr on arr.id = flights.arrival_airport_id
    where d.user_id = ${userId} and d.notified_at is null
    order by flights.departure_date, flights.id`);
}

export type AlertNotification = { flightId: string; params: NotificationParams };

export async function recordUserAlerts(
  db: Db,
  {
    userId,
    flightIds,
    notifications,
    mail,
    now,
  }: { userId: string; flightIds: string[]; notifications: AlertNotification[]; mail: NewOutboxMail | null; now: Date },
): Promise<{ notified: number; outboxId: number | null }> {
  const waiting = (ids: SQL) =>
    sql`exists (select 1 from alert_deliveries d where d.user_id = ${userId} and d.notified_at is null and d.flight_id in ${ids})`;
  const json = JSON.stringify(notifications.map((note) => [note.flightId, note.params]));
  const mailed = sql`(select value ->> '$[0]' from json_each(${json}))`;
  const statements = [
    sql`insert into notifications (user_id, type, params, flight_id, read, created_at)
      select ${userId}, 'flight_alert', value -> '$[1]', value ->> '$[0]', 0, ${now.getTime()}
      from json_each(${json}) j
      where exists (select 1 from alert_deliveries d where d.user_id = ${userId} and d.flight_id = j.value ->> '$[0]' and d.notified_at is null)`,
    // The cap is checked again here: two jobs of the user at once cannot both pass it.
    ...(mail ? [insertOutboxMailWhen(mail, sql`${waiting(mailed)} and ${underWeeklyCap(userId, now)}`)] : []),
    sql`update alert_deliveries set notified_at = ${now.getTime()}
      where user_id = ${userId} and notified_at is null and flight_id in (select value from json_each(${JSON.stringify(flightIds)}))`,
  ];
  const results = await runBatch(db, statements);
  const outbox = mail ? (results[1]!.results as Array<{ id: number }>) : [];
  return { notified: results[0]!.meta.changes, outboxId: outbox[0]?.id ?? null };
}
