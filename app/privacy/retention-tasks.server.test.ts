/**
 * The retention tasks on a real D1 (docs/privacy.md 'Retention'). One fixture
 * (retention-seed.fixtures.ts) holds, for every rule, a row just past its limit, a row
 * exactly at it and rows the rule must spare; each test compares a snapshot of every table
 * before and after a run, so a task that touched anything else fails, and runs again to
 * see that nothing moves.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { Db } from "#app/db/client.server";
import { CRONS } from "#app/operations/schedule";
import { runScheduledTasks } from "#app/operations/tasks.server";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { ANONYMISED_NAME, ANONYMISED_PASSENGER, ERASED_MAIL_SUBJECT } from "./privacy.queries.server";
import { NOW, retentionHelpers, wipe } from "./retention.fixtures";
import {
  ANONYMISED_EMAIL,
  anonymiseOldAnonymousOrders,
  clearSentMailContent,
  deleteLapsedNewsletterSignUps,
  deleteOldAlertDeliveries,
  deleteOldDevPaymentSessions,
  deleteOldOrderLinks,
  deleteOldRequests,
  deleteOldSyncRuns,
  deleteReadNotifications,
  deleteUnconfirmedAccounts,
} from "./retention.server";
import { seed } from "./retention-seed.fixtures";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
});
afterAll(() => dispose());

beforeEach(async () => {
  await wipe(d1);
  await seed(db);
});
const { changesMadeBy } = retentionHelpers(() => ({ d1 }));

/**
 * Runs a task twice: what the first run changed and reported, after checking that the
 * second run changes nothing and reports nothing.
 */
async function twice(task: (db: Db, now: Date) => Promise<Record<string, number>>) {
  let counts: Record<string, number> = {};
  const changes = await changesMadeBy(async () => (counts = await task(db, NOW)));
  let again: Record<string, number> = {};
  expect(await changesMadeBy(async () => (again = await task(db, NOW)))).toEqual({});
  expect(Object.values(again)).toEqual(Object.values(counts).map(() => 0));
  return { counts, changes };
}

describe("retention tasks: each removes what is past its limit, nothing else, and a second run changes nothing", () => {
  it("sent mails after 30 days keep their template, status and dates; the recipient, subject, bodies and data are cleared", async () => {
    expect(await twice(clearSentMailContent)).toEqual({
      counts: { mails: 1 },
      changes: {
        mail_outbox: {
          updated: {
            "1": { to_address: ANONYMISED_EMAIL, subject: ERASED_MAIL_SUBJECT, html: "", text: "", data: "{}" },
          },
        },
      },
    });
  });

  it("read notifications after 12 months; unread ones stay", async () => {
    expect(await twice(deleteReadNotifications)).toEqual({
      counts: { notifications: 1 },
      changes: { notifications: { deleted: ["1"] } },
    });
  });

  it("finished sync runs after 90 days; a running one stays", async () => {
    expect(await twice(deleteOldSyncRuns)).toEqual({
      counts: { syncRuns: 1 },
      changes: { sync_runs: { deleted: ["1"] } },
    });
  });

  it("alert deliveries after 90 days, once their flight has left", async () => {
    expect(await twice(deleteOldAlertDeliveries)).toEqual({
      counts: { alertDeliveries: 1 },
      changes: { alert_deliveries: { deleted: ["1"] } },
    });
  });

  it("customer accounts never confirmed after 7 days, with their tokens; staff and accounts with an order stay", async () => {
    expect(await twice(deleteUnconfirmedAccounts)).toEqual({
      counts: { accounts: 1 },
      changes: { users: { deleted: ["unconfirmed-old"] }, one_time_tokens: { deleted: ["1"] } },
    });
  });

  it("the links of orders whose flight left more than a year ago", async () => {
    expect(await twice(deleteOldOrderLinks)).toEqual({
      counts: { orderLinks: 2 },
      changes: { order_links: { deleted: ["link-2015", "link-last-year"] } },
    });
  });

  it("anonymous orders of a flight whose year ended more than 10 years ago are anonymised; amounts, flight and dates stay", async () => {
    const { counts, changes } = await twice(anonymiseOldAnonymousOrders);
    expect(counts).toEqual({ orders: 1 });
    expect(changes).toEqual({
      orders: {
        updated: {
          "anon-2015": {
            customer_info: JSON.stringify({
              firstName: ANONYMISED_NAME.firstName,
              lastName: ANONYMISED_NAME.lastName,
              email: ANONYMISED_EMAIL,
              phone: "",
              address: "",
              zipCode: "",
              city: "",
              country: "FR",
            }),
            passengers: JSON.stringify([ANONYMISED_PASSENGER, ""]),
            client_key: null,
            updated_at: NOW.getTime(),
          },
        },
      },
    });
  });

  it("exclusive and made-to-measure requests after 2 years", async () => {
    expect(await twice(deleteOldRequests)).toEqual({
      counts: { exclusiveRequests: 1, customRequests: 1 },
      changes: { exclusive_requests: { deleted: ["ex-old"] }, custom_requests: { deleted: ["cu-old"] } },
    });
  });

  it("newsletter addresses never confirmed or unsubscribed, 30 days after the last request or the unsubscription", async () => {
    expect(await twice(deleteLapsedNewsletterSignUps)).toEqual({
      counts: { newsletterSubscribers: 2 },
      changes: { newsletter_subscribers: { deleted: ["1", "4"] } },
    });
  });

  it("the payment simulator's pages after 30 days, once their order is settled or gone", async () => {
    expect(await twice(deleteOldDevPaymentSessions)).toEqual({
      counts: { devPaymentSessions: 2 },
      changes: { dev_payment_sessions: { deleted: ["page-settled-old", "page-orphan"] } },
    });
  });
});

describe("the daily retention cron", () => {
  it("runs every rule, and a second run the same day changes nothing", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const context = createTestContext({ d1, now: NOW });
    const run = () => runScheduledTasks(CRONS.dailyRetention, context);
    const changes = await changesMadeBy(run);
    expect(Object.keys(changes).sort()).toEqual([
      "alert_deliveries",
      "custom_requests",
      "dev_payment_sessions",
      "exclusive_requests",
      "mail_outbox",
      "newsletter_subscribers",
      "notifications",
      "one_time_tokens",
      "order_links",
      "orders",
      "sync_runs",
      "users",
    ]);
    expect(changes.order_links).toEqual({ deleted: ["link-2015", "link-last-year"] });
    expect(changes.users).toEqual({ deleted: ["unconfirmed-old"] });
    expect(await changesMadeBy(run)).toEqual({});
  });
});
