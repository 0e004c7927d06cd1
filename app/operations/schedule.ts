// wrangler.toml's crons (top level and production) must list exactly these: schedule.test.ts fails when they drift.
export const CRONS = {
  everyFiveMinutes: "*/5 * * * *",
  everyThirtyMinutes: "*/30 * * * *",
  /** 07:00 UTC (08:00 or 09:00 in Zurich): before people plan their day. */
  dailyAlerts: "0 7 * * *",
  /** 02:00 UTC: the quietest hour, and a run of its own. */
  dailyRetention: "0 2 * * *",
} as const;

export type Cron = (typeof CRONS)[keyof typeof CRONS];
