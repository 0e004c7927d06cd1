import type { SyncSkips } from "#app/utils/constants";

/** ok: nothing to do; watch: it resolves itself or waits for a routine decision; act: someone must act. */
export type HealthLevel = "ok" | "watch" | "act";

export type SyncState = "none" | "running" | "success" | "stale" | "error";

/** One line of the panel. Instants are UTC milliseconds, to be shown against `checkedAt`. */
export type HealthCheck =
  | { key: "outbox"; level: HealthLevel; pending: number; oldestPendingAt: number | null }
  | {
      key: "mailFailures";
      level: HealthLevel;
      failed: number;
      retrying: number;
      lastError: { error: string | null; at: number } | null;
    }
  | { key: "deadLetters"; level: HealthLevel; count: number; oldestAt: number | null; canRetry: boolean }
  | {
      key: "sync";
      level: HealthLevel;
      state: SyncState;
      startedAt: number | null;
      newCount: number;
      updatedCount: number;
      skipped: SyncSkips | null;
      error: string | null;
      lastSuccessAt: number | null;
      canSync: boolean;
    }
  | {
      key: "payments";
      level: HealthLevel;
      processing: number;
      dueSoon: number;
      oldestAt: number | null;
      ordersLink: string | null;
    }
  | { key: "holds"; level: HealthLevel; holds: number; endedHolds: number; holdMinutes: number }
  | { key: "refunds"; level: HealthLevel; count: number; ordersLink: string | null };

export type HealthReport = { checkedAt: number; checks: HealthCheck[]; needingAttention: number };
