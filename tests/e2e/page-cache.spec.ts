/**
 * The page cache of the catalogue lists (docs/decisions/040-page-cache.md), over HTTP as a
 * signed-out visitor gets the list: a page kept for the same request is never staler than
 * its data. The flight is made with SQL between cities no other test uses.
 */
import type { APIRequestContext } from "@playwright/test";

import { uniqueSuffix } from "./catalogue-helpers";
import { expect, test } from "./fixtures";
import { executeLocalSql } from "./local-d1";

const DAY = 86_400_000;
const suffix = uniqueSuffix();
const from = `Gardée-${suffix}`;
const to = `Fraîche-${suffix}`;
const code = suffix.slice(-6).toUpperCase();
const flightId = `kept-${suffix}`;
const list = `/empty-legs?${new URLSearchParams({ from })}`;

// `or ignore`: a worker that comes back to this file runs beforeAll again (docs/testing.md).
test.beforeAll(async () => {
  const departure = Date.now() + 50 * DAY;
  await executeLocalSql(
    `insert or ignore into airports (icao_code, served_city, country) values ('C${code}', '${from}', 'Switzerland'), ('D${code}', '${to}', 'France')`,
    `insert or ignore into flights (id, departure_airport_id, arrival_airport_id, departure_date, arrival_date, flight_time, aircraft_type, price_per_minute, feed_seats, source, refreshed_at)
      select '${flightId}', d.id, a.id, ${departure}, ${departure + 50 * 60_000}, 50, 'PC12', 60, 5, 'staff', ${Date.now()}
      from airports d, airports a where d.icao_code = 'C${code}' and a.icao_code = 'D${code}'`,
  );
});

/**
 * `take`'s answers, all asked within one minute of the clock: a kept page lives until the
 * next minute at most, and the card's "mis à jour il y a …" may read differently after it.
 */
async function inOneMinute<T>(take: () => Promise<T>): Promise<T> {
  for (;;) {
    const minute = Math.floor(Date.now() / 60_000);
    const answers = await take();
    if (Math.floor(Date.now() / 60_000) === minute) return answers;
  }
}

/** The list as a signed-out visitor gets it, without its nonces. */
async function signedOutList(request: APIRequestContext) {
  const response = await request.get(list, { headers: { "Accept-Language": "fr-CH" }, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  return (await response.text()).replace(/nonce="[^"]+"/g, 'nonce=""');
}

test("a signed-out list sent again is the same page, and shows new seats or a sold-out flight at once", async ({
  request,
}) => {
  // 50 minutes at 60 EUR a minute over 5 seats: 600 EUR a seat.
  const [first, again] = await inOneMinute(async () => [await signedOutList(request), await signedOutList(request)]);
  expect(first).toContain("600\u00a0€ par personne");
  expect(again).toBe(first);

  // Staff offer 2 seats: the next answer's seat costs 1,500 EUR.
  await executeLocalSql(`update flights set seats_override = 2 where id = '${flightId}'`);
  const lowered = await signedOutList(request);
  expect(lowered).toContain("1\u202f500\u00a0€ par personne");
  expect(lowered).not.toContain("SOLD OUT");

  // A customer holds both: at once, sold out.
  await executeLocalSql(
    `update flights set seats_held = 2 where id = '${flightId}'`,
    `insert into orders (id, flight_id, status, amount_cents, seats, customer_info, access_key_hash, reference, payment_state, hold_expires_at)
      values ('hold-${suffix}', '${flightId}', 'pending', 300000, 2,
        '{"firstName":"Camille","lastName":"Gardée","email":"kept.${suffix}@example.ch","phone":"+41 79 123 45 67","address":"Rue du Rhône 1","zipCode":"1204","city":"Genève","country":"CH"}',
        'not-a-key', 'JM-K${code}', 'none', ${Date.now() + 60 * 60_000})`,
  );
  expect(await signedOutList(request)).toContain("SOLD OUT");
});

test("a kept list goes out compressed once, each answer with its own nonce, the one its policy allows", async ({
  request,
}) => {
  const answers = await inOneMinute(async () => {
    const responses = [];
    for (let i = 0; i < 3; i++)
      responses.push(await request.get(list, { headers: { "Accept-Language": "fr-CH", "Accept-Encoding": "gzip" } }));
    return responses;
  });
  const nonces = new Set<string>();
  let page: string | null = null;
  for (const response of answers) {
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(new RegExp(`nonce="(?!${nonce!.replace(/[+/=]/g, "\\$&")}")`));
    nonces.add(nonce!);
    const withoutNonce = html.replaceAll(nonce!, "");
    if (page !== null) expect(withoutNonce).toBe(page);
    page = withoutNonce;
  }
  expect(nonces.size).toBe(3);
  expect(page).toContain(`${from}`);
});
