import type { AppLoadContext } from "@remix-run/cloudflare";

import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { dispatchDuePushes } from "#app/alerts/push.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { syncFlightsFromFeed } from "#app/feed/feed-sync.server";
import { deliverDueMails } from "#app/mail/mail.server";
import { redeliverSimulatorEvents } from "#app/orders/dev-pay-submit.server";
import { finishCancelledFlights } from "#app/orders/flight-cancellation.server";
import { releaseExpiredOfferHolds } from "#app/orders/offers.server";
import {
  cancelLapsedAuthorisations,
  releaseDepartedOrders,
  sendCaptureDeadlineMails,
} from "#app/orders/order-deadlines.server";
import { expireUnpaidHolds } from "#app/orders/order-life.server";
import { sendDueOrderMessages } from "#app/orders/order-messages.server";
import { reconcilePendingPayments } from "#app/orders/order-reconcile.server";
import { writeTravelMessages } from "#app/orders/travel-schedule.server";
import { RETENTION_TASKS } from "#app/privacy/retention.server";
import { cronLogLine, logEvent, writeLogLine } from "#app/utils/request-log.server";

import { purgeExpiredRows } from "./cleanup.server";
import { type Cron, CRONS } from "./schedule";

export type Task = { name: string; run: (context: AppLoadContext) => Promise<unknown> };

export const TASKS_BY_CRON: Record<Cron, Task[]> = {
  [CRONS.everyFiveMinutes]: [
    { name: "purge-expired-rows", run: (c) => purgeExpiredRows(c.db, c.now()) },
    { name: "retry-mails", run: (c) => deliverDueMails(c) },
    { name: "expire-unpaid-holds", run: async (c) => ({ cancelled: await expireUnpaidHolds(c) }) },
    // An offer's hold on a rerouted leg ends with the offer (docs/decisions/059-rerouted-legs.md).
    { name: "expire-offer-holds", run: (c) => releaseExpiredOfferHolds(c) },
    {
      name: "authorisation-deadlines",
      run: async (c) => ({ lapsed: await cancelLapsedAuthorisations(c), departed: await releaseDepartedOrders(c) }),
    },
    { name: "capture-deadline-mail", run: (c) => sendCaptureDeadlineMails(c) },
    // Cancelled flights whose cascade was cut; what order moves told that a crash left unsent (docs/orders.md).
    { name: "finish-cancelled-flights", run: (c) => finishCancelledFlights(c) },
    { name: "order-messages", run: (c) => sendDueOrderMessages(c) },
    // The manifest reminders (72 and 30 hours) and the day-of-travel mail (48 hours), each once per order.
    { name: "travel-messages", run: (c) => writeTravelMessages(c) },
    // Webhooks never received: the simulator delivers again, and the provider is asked (docs/orders.md).
    { name: "payment-redeliveries", run: (c) => redeliverSimulatorEvents(c) },
    { name: "payment-reconcile", run: (c) => reconcilePendingPayments(c) },
    // Seats back that no move announced (a hold past its end frees them before the cron cancels it).
    { name: "waitlist-sweep", run: (c) => failUnlessOk(notifyWaitlist(c)) },
    // Pushes deferred by quiet hours (due at 07:00), and those whose producer's dispatch was lost.
    { name: "due-pushes", run: (c) => dispatchDuePushes(c) },
  ],
  [CRONS.everyThirtyMinutes]: [
    {
      name: "feed-sync",
      run: async (c) => {
        const result = await syncFlightsFromFeed(c, { trigger: "cron", userId: null });
        // A sync staff started a moment ago is not a failure of this one.
        if (!result.ok && result.failure.kind !== "alreadyRunning") throw new Error(JSON.stringify(result));
        return result;
      },
    },
  ],
  [CRONS.dailyAlerts]: [{ name: "flight-alerts", run: (c) => failUnlessOk(sendFlightAlerts(c)) }],
  // One task per rule: a rule that fails is reported and the others still run.
  [CRONS.dailyRetention]: RETENTION_TASKS.map(({ name, run }) => ({
    name,
    run: (c: AppLoadContext) => run(c.db, c.now()),
  })),
};

async function failUnlessOk<Result extends { ok: boolean }>(run: Promise<Result>) {
  const result = await run;
  if (!result.ok) throw new Error(JSON.stringify(result));
  return result;
}

export async function runScheduledTasks(cron: string, context: AppLoadContext) {
  const tasks = TASKS_BY_CRON[cron as Cron];
  if (!tasks) {
    logEvent("warn", "cron.unknown", { requestId: context.requestId, cron });
    return [];
  }
  return runTasks(cron, tasks, context);
}

/** A failing task never stops the others; the run fails at the end so that Cloudflare records it. */
export async function runTasks(cron: string, tasks: Task[], context: AppLoadContext) {
  const results = await Promise.allSettled(
    tasks.map(async (task) => {
      const startedAt = Date.now();
      const log = (outcome: PromiseSettledResult<unknown>) =>
        writeLogLine(
          cronLogLine({ runId: context.requestId, cron, task: task.name, durationMs: Date.now() - startedAt, outcome }),
        );
      try {
        const value = await task.run(context);
        log({ status: "fulfilled", value });
        return value;
      } catch (reason) {
        log({ status: "rejected", reason });
        throw reason;
      }
    }),
  );
  const failures = results.flatMap((result, i) =>
    result.status === "rejected" ? [`${tasks[i]!.name}: ${String(result.reason)}`] : [],
  );
  if (failures.length > 0) throw new Error(`Scheduled tasks failed: ${failures.join("; ")}`);
  return results;
}
