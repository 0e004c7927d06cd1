/** The clock and the emptying the feed tests share (feed-*.server.test.ts). */
export const NOW = new Date("2026-11-23T09:00:00Z");

/** Every table the sync writes, emptied between tests (the migrations made them). */
export async function emptySyncTables(d1: D1Database) {
  await d1.batch(
    ["flight_logs", "notifications", "alert_deliveries", "flights", "airports", "sync_runs"].map((t) =>
      d1.prepare(`delete from ${t}`),
    ),
  );
}
