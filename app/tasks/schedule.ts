/**
 * The cron schedules, declared once. wrangler.toml's `[triggers] crons` (top level and
 * `[env.production.triggers]`) must list exactly these: app/tasks/schedule.test.ts
 * fails when they drift. What each one runs is in ./index.server.ts.
 */
export const CRONS = {
  /** Housekeeping and mail retries. */
  everyFiveMinutes: "*/5 * * * *",
} as const;

export type Cron = (typeof CRONS)[keyof typeof CRONS];
