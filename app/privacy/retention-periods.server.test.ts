/**
 * The retention periods (docs/privacy.md 'Retention'): the limits are counted in Zurich
 * calendar time, and docs/privacy.md's table and the privacy policy state the periods the
 * tasks apply.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ContentDocument } from "#app/content/localized";
import { formatRetentionPeriod, RETENTION, type RetentionRule } from "#app/content/retention-periods";
import { SUPPORTED_LANGUAGES } from "#app/i18n";
import { CRONS } from "#app/operations/schedule";
import { TASKS_BY_CRON } from "#app/operations/tasks.server";
import { loader as privacyPolicyLoader } from "#app/routes/privacy-policy";
import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { run } from "#tests/unit/remix";

import { NOW, START_OF_2016_IN_ZURICH } from "./retention.fixtures";
import { accountingCutoff, RETENTION_TASKS, retentionCutoff } from "./retention.server";

let d1: D1Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
});
afterAll(() => dispose());

describe("the limits are counted in Zurich calendar time", () => {
  it("30 days back from a day between the European and the American end of summer time", () => {
    // 28 October 2026, 13:00 in Zurich (winter time); 30 days earlier, 13:00 was 11:00 UTC
    // (summer time). New York, where the tests run, still had summer time on both days.
    expect(retentionCutoff(new Date("2026-10-28T12:00:00Z"), { days: 30 })).toEqual(new Date("2026-09-28T11:00:00Z"));
  });

  it("the accounting period ends with the Zurich year: at New Year in Zurich, not in UTC", () => {
    expect(accountingCutoff(new Date("2026-12-31T22:59:59Z"))).toEqual(new Date(START_OF_2016_IN_ZURICH));
    // 1 January 2027, 00:00 in Zurich: a year later.
    expect(accountingCutoff(new Date("2026-12-31T23:00:00Z"))).toEqual(new Date("2016-12-31T23:00:00Z"));
  });
});
describe("one list of periods: docs/privacy.md's table and the privacy policy say what the tasks do", () => {
  const docs = readFileSync(join(import.meta.dirname, "../../docs/privacy.md"), "utf8");
  const section = docs.slice(docs.indexOf("\n## Retention\n")).split(/\n## /)[1] ?? "";
  const rows = section
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| ---") && !line.startsWith("| What |"));
  /** The table's 'Task (cron)' cells: `name` (how often). */
  const namedTasks = rows.flatMap((row) =>
    [...row.matchAll(/`([a-z-]+)` \(([^)]+)\)/g)].map(([, name, often]) => ({ name: name!, often: often! })),
  );
  const OFTEN: Record<string, string> = {
    [CRONS.everyFiveMinutes]: "every 5 minutes",
    [CRONS.dailyRetention]: "daily",
  };

  it("every rule has its task", () => {
    expect(RETENTION_TASKS.map((task) => task.rule).sort()).toEqual(Object.keys(RETENTION).sort());
  });

  it.each(RETENTION_TASKS.map((task) => [task.name, task.rule] as const))(
    "the table has %s with its period",
    (name, rule) => {
      const row = rows.find((line) => line.includes(`\`${name}\``));
      expect(row).toContain(formatRetentionPeriod(RETENTION[rule], "en"));
    },
  );

  it("every task the table names runs, in the cron the table says", () => {
    expect(namedTasks.length).toBeGreaterThan(RETENTION_TASKS.length);
    for (const { name, often } of namedTasks) {
      const cron = Object.entries(TASKS_BY_CRON).find(([, tasks]) => tasks.some((task) => task.name === name))?.[0];
      expect(cron && OFTEN[cron], name).toBe(often);
    }
  });

  // The simulator's pages exist only locally; sync runs name staff, not customers.
  const policyRules = (Object.keys(RETENTION) as RetentionRule[]).filter(
    (rule) => rule !== "devPaymentSessions" && rule !== "syncRuns",
  );
  const RETENTION_HEADINGS = { fr: "Durée de conservation", en: "Retention", de: "Aufbewahrungsdauer" };

  /** The sections /privacy-policy shows a visitor reading `language`. */
  async function policySections(language: string) {
    const request = new Request("http://localhost/privacy-policy", { headers: { "Accept-Language": language } });
    const { status, body } = await run(privacyPolicyLoader, request, createTestContext({ d1, now: NOW }));
    expect(status).toBe(200);
    return (body as { document: ContentDocument }).document.sections;
  }

  it.each(SUPPORTED_LANGUAGES)("the privacy policy (%s) states every period of customers' data", async (language) => {
    const retention = (await policySections(language)).find(
      (section) => section.heading === RETENTION_HEADINGS[language],
    );
    const text = retention?.paragraphs.join("\n") ?? "";
    for (const rule of policyRules) expect(text, rule).toContain(formatRetentionPeriod(RETENTION[rule], language));
  });

  it("the French policy reads as a person would write it", async () => {
    const retention = (await policySections("fr")).find((section) => section.heading === "Durée de conservation")!;
    // Intl puts a no-break space between a number and its unit.
    const paragraphs = retention.paragraphs.map((paragraph) => paragraph.replaceAll("\u00a0", " "));
    expect(paragraphs[0]).toMatch(/^Réservations : 10 ans après la fin de l'année du vol/);
    expect(paragraphs).toContain(
      "Emails envoyés : 30 jours ; ensuite, leur contenu et l'adresse du destinataire sont effacés.",
    );
  });
});
