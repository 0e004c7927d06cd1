/**
 * The cron schedules, declared once. wrangler.toml's `[triggers] crons` (top level and
 * `[env.production.triggers]`) must list exactly these: app/operations/schedule.test.ts
 * fails when they drift. What each one runs is in ./index.server.ts.
 */
export const CRONS = {
  /** Expired sessions, tokens and rate-limit windows, and mail retries. */
  everyFiveMinutes: "*/5 * * * *",
  /** The feed sync, every 30 minutes (docs/sync.md 'When it runs'). */
  everyThirtyMinutes: "*/30 * * * *",
  /** The daily flight alerts, 07:00 UTC (08:00 or 09:00 in Zurich): before people plan their day. */
  dailyAlerts: "0 7 * * *",
  /** The retention run (docs/privacy.md), 02:00 UTC: the quietest hour, and a run of its own. */
  dailyRetention: "0 2 * * *",
} as const;

export type Cron = (typeof CRONS)[keyof typeof CRONS];
