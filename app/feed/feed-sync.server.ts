// The feed sync: docs/sync.md 'The algorithm', decision 009. About four D1 round trips whatever the number of flights;
// idempotent; never two runs at once (a lease in D1).
import type { AppLoadContext } from "@remix-run/cloudflare";

import { sendFlightAlerts } from "#app/alerts/flight-alerts.server";
import { notifyWaitlist } from "#app/alerts/waitlist.server";
import { pricePerMinuteFor } from "#app/utils/aircraft";
import type { SyncSkipReason, SyncSkips } from "#app/utils/constants";
import { getErrorMessage } from "#app/utils/error-message";
import { logError } from "#app/utils/request-log.server";

import { applyFeedCancellations, isCompleteFeed } from "./feed-cancellations.server";
import type { FeedFailure } from "./feed-client.server";
import { parseFeedFlight } from "./feed-contract";
import { feedKey, MOVE_WINDOW_MS, type PlannedSkip, planSync } from "./feed-plan";
import { tellFeedReschedules } from "./feed-reschedules.server";
import {
  acquireSyncLease,
  type FeedAirportRow,
  finishSyncRun,
  type SyncRunOutcome,
  upsertAirportsAndFindFlights,
} from "./feed-sync.queries.server";
import { type NewFlightRow, writeSyncChanges } from "./feed-sync-writes.queries.server";
import type { FeedFlightRow } from "./types";

export type SyncResult =
  | {
      ok: true;
      runId: number;
      created: number;
      updated: number;
      skipped: number;
      skips: SyncSkips | null;
      rowsWritten: number;
    }
  | { ok: false; runId: number | null; failure: FeedFailure | { kind: "alreadyRunning" } };

const NAMED_SKIPS = 10;

function skipRecord(
  counts: Map<SyncSkipReason, number>,
  named: PlannedSkip[],
  airports: Map<string, FeedAirportRow>,
): SyncSkips | null {
  if (counts.size === 0) return null;
  const city = (code: string) => airports.get(code)?.servedCity ?? code;
  // What staff must act on first (a slot we hold, changed airports), then what resolves itself.
  const first = (skip: PlannedSkip) => (skip.reason === "conflict" || skip.reason === "routeChanged" ? 0 : 1);
  const flights = [...named]
    .sort((a, b) => first(a) - first(b))
    .slice(0, NAMED_SKIPS)
    .map((skip) => ({
      ...skip,
      fromCity: city(skip.from),
      toCity: city(skip.to),
    }));
  return { counts: Object.fromEntries(counts), flights };
}

function readFeed(list: unknown[]) {
  const flights = new Map<string, FeedFlightRow>();
  const legs = new Set<string>();
  const airports = new Map<string, FeedAirportRow>();
  const counts = new Map<SyncSkipReason, number>();
  const count = (reason: SyncSkipReason) => counts.set(reason, (counts.get(reason) ?? 0) + 1);
  for (const raw of list) {
    const parsed = parseFeedFlight(raw);
    if (!parsed) {
      count("invalid");
      continue;
    }
    const { flight } = parsed;
    const key = feedKey(flight, flight.departureMs);
    if (flights.has(key) || (flight.legId !== undefined && legs.has(flight.legId))) {
      count("duplicate");
      continue;
    }
    flights.set(key, flight);
    if (flight.legId !== undefined) legs.add(flight.legId);
    for (const airport of parsed.airports) if (!airports.has(airport.icaoCode)) airports.set(airport.icaoCode, airport);
  }
  return { flights: [...flights.values()], airports, counts, count };
}

export async function syncFlightsFromFeed(
  context: AppLoadContext,
  { trigger, userId }: { trigger: "cron" | "manual"; userId: string | null },
): Promise<SyncResult> {
  const { db } = context;
  const runId = await acquireSyncLease(db, { trigger, userId, now: context.now() });
  if (runId === null) return { ok: false, runId: null, failure: { kind: "alreadyRunning" } };
  try {
    const fetched = await context.feed.fetchFlights();
    if (!fetched.ok) {
      const error =
        fetched.failure.kind === "http"
          ? `http ${fetched.failure.status}: ${fetched.failure.message}`
          : fetched.failure.kind;
      await finishSyncRun(db, runId, { ...NOTHING, status: "error", error }, context.now());
      return { ok: false, runId, failure: fetched.failure };
    }

    const feed = readFeed(fetched.flights);
    const now = context.now();
    const { airportIdByIcao, known, missableCount } = await upsertAirportsAndFindFlights(db, {
      airports: [...feed.airports.values()],
      flights: feed.flights,
      windowMs: MOVE_WINDOW_MS,
      now,
    });
    const readable = isCompleteFeed({ listed: fetched.flights.length, valid: feed.flights.length });
    const plan = planSync({ feedFlights: feed.flights, known, readable, missableCount, nowMs: now.getTime() });
    for (const skip of plan.skips) feed.count(skip.reason);
    const inserts: NewFlightRow[] = plan.inserts.map((flight) => ({
      ...flight,
      id: crypto.randomUUID(),
      fromId: airportIdByIcao.get(flight.fromIcao)!,
      toId: airportIdByIcao.get(flight.toIcao)!,
      pricePerMinute: pricePerMinuteFor(flight.aircraftType),
    }));
    const outcome = (insertedIds: Set<string>, updated: number): SyncRunOutcome => {
      const counts = new Map(feed.counts);
      // A flight of ours took a new flight's slot between the reads and the writes: skipped, named.
      const refused = inserts
        .filter((flight) => !insertedIds.has(flight.id))
        .map((flight) => ({
          reason: "conflict" as const,
          from: flight.fromIcao,
          to: flight.toIcao,
          departure: flight.departureMs,
        }));
      if (refused.length > 0) counts.set("conflict", (counts.get("conflict") ?? 0) + refused.length);
      return {
        status: "success",
        newCount: insertedIds.size,
        updatedCount: updated,
        skippedCount: [...counts.values()].reduce((sum, n) => sum + n, 0),
        skipped: skipRecord(counts, [...plan.skips, ...refused], feed.airports),
        error: null,
      };
    };
    const written = await writeSyncChanges(db, {
      inserts,
      updates: plan.updates,
      releasedLegs: plan.releasedLegs,
      runId,
      outcome: outcome(new Set(inserts.map((flight) => flight.id)), plan.updates.length),
      userId,
      now,
    });
    const recorded = outcome(new Set(written.insertedIds), written.updated);
    if (written.insertedIds.length < inserts.length || written.updated < plan.updates.length)
      await finishSyncRun(db, runId, recorded, context.now());
    await tellFeedReschedules(context, plan.updates, written.rescheduledOrders);

    // Seats the feed gives back (or takes) on our flights: their waitlists hear of it; `notifyWaitlist` never throws.
    const seatChanges = plan.updates
      .filter((update) => update.changedFields.includes("feed_seats"))
      .map((update) => update.id);
    if (seatChanges.length > 0) await notifyWaitlist(context, { flightIds: seatChanges });

    await applyFeedCancellations(context, {
      runId,
      seenIds: plan.seenIds,
      newIds: written.insertedIds,
      feedCancelledIds: plan.cancelledIds,
      complete: readable,
    });

    if (written.insertedIds.length > 0) {
      // A failure there is logged and never undoes the sync.
      await sendFlightAlerts(context, { flightIds: written.insertedIds }).catch((error: unknown) =>
        logError("sync.alerts-failed", error, { requestId: context.requestId, syncRunId: runId }),
      );
    }
    return {
      ok: true,
      runId,
      created: recorded.newCount,
      updated: recorded.updatedCount,
      skipped: recorded.skippedCount,
      skips: recorded.skipped,
      rowsWritten: written.rowsWritten,
    };
  } catch (error) {
    logError("sync.failed", error, { requestId: context.requestId, syncRunId: runId });
    const message = getErrorMessage(error).slice(0, 500);
    await finishSyncRun(db, runId, { ...NOTHING, status: "error", error: message }, context.now()).catch(
      (cause: unknown) => logError("sync.record-failed", cause, { requestId: context.requestId, syncRunId: runId }),
    );
    return { ok: false, runId, failure: { kind: "unexpected" } };
  }
}

const NOTHING = { newCount: 0, updatedCount: 0, skippedCount: 0, skipped: null } as const;
