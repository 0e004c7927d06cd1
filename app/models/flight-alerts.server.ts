/**
 * The alerts' D1 statements (back-office.md section 7, DECISIONS.md D6). A (user,
 * flight) pair is alerted once only: the notification and the alert_deliveries row
 * of a pair are written in the same batch, the notification only if the pair was never
 * alerted, so two runs at once, or a second press, alert nobody twice.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server";
import { runBatch } from "./d1-batch.server";
import { liveSeats } from "./live-seats.server";
import { chunk } from "./feed-sync.server";

export type AlertSubscriber = { userId: string; country: string; email: string | null; firstName: string | null; language: string | null };

/** Every (user, country) preference, with the user's profile (null if none). One query. */
export function listAlertSubscribers(db: Db) {
  return db.all<AlertSubscriber>(sql`select p.user_id as userId, p.country, u.email, u.first_name as firstName, u.language
    from notification_preferences p left join users u on u.id = p.user_id`);
}

export type AlertableFlight = {
  id: string;
  departureMs: number;
  fromCity: string;
  fromCountry: string;
  toCity: string;
};

/**
 * Flights departing in [from, until) and not sold out at `from` (live seats: a hold past
 * its end is not held); only `flightIds` when given.
 */
export function listAlertableFlights(db: Db, { from, until, flightIds }: { from: Date; until: Date; flightIds?: string[] }) {
  const only = flightIds ? sql`and flights.id in (select value from json_each(${JSON.stringify(flightIds)}))` : sql``;
  // `flights` keeps its name: the live-seat SQL refers to it.
  return db.all<AlertableFlight>(sql`select flights.id, flights.departure_date as departureMs, d.served_city as fromCity,
      d.country as fromCountry, a.served_city as toCity
    from flights join airports d on d.id = flights.departure_airport_id join airports a on a.id = flights.arrival_airport_id
    where flights.departure_date >= ${from.getTime()} and flights.departure_date < ${until.getTime()}
      and not ${liveSeats(from).soldOut} ${only}
    order by flights.departure_date, flights.id`);
}

export type AlertPair = { userId: string; flightId: string; title: string; message: string };

/**
 * Writes the notifications of the pairs never alerted and records every pair, in one
 * batch; returns the pairs this call alerted (the others were alerted before).
 */
export async function recordAlerts(db: Db, pairs: AlertPair[], now: Date): Promise<Array<{ userId: string; flightId: string }>> {
  if (pairs.length === 0) return [];
  const nowMs = now.getTime();
  const statements = chunk(pairs).flatMap((rows) => {
    const json = JSON.stringify(rows.map((pair) => [pair.userId, pair.flightId, pair.title, pair.message]));
    return [
      sql`insert into notifications (user_id, type, title, message, flight_id, read, created_at)
        select value ->> '$[0]', 'flight_alert', value ->> '$[2]', value ->> '$[3]', value ->> '$[1]', 0, ${nowMs}
        from json_each(${json}) j
        where not exists (select 1 from alert_deliveries d where d.user_id = j.value ->> '$[0]' and d.flight_id = j.value ->> '$[1]')`,
      sql`insert into alert_deliveries (user_id, flight_id, alerted_at)
        select value ->> '$[0]', value ->> '$[1]', ${nowMs} from json_each(${json}) where true
        on conflict (user_id, flight_id) do nothing returning user_id as userId, flight_id as flightId`,
    ];
  });
  const results = await runBatch(db, statements);
  return results.filter((_, i) => i % 2 === 1).flatMap((result) => result.results as Array<{ userId: string; flightId: string }>);
}
