/**
 * The cron schedules, declared once. wrangler.toml's `[triggers] crons` (top level and
 * `[env.production.triggers]`) must list exactly these: app/tasks/schedule.test.ts
 * fails when they drift. What each one runs is in ./index.server.ts.
 */
export const CRONS = {
  /** Housekeeping and mail retries. */
  everyFiveMinutes: "*/5 * * * *",
  /** The feed sync (DECISIONS.md D6: every 30 minutes). */
  everyThirtyMinutes: "*/30 * * * *",
  /** The daily flight alerts, 07:00 UTC (08:00 or 09:00 in Zurich): before people plan their day. */
  dailyAlerts: "0 7 * * *",
} as const;

export type Cron = (typeof CRONS)[keyof typeof CRONS];
