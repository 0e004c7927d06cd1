/**
 * Prints one closing line for the whole `npm test` run, from the JSON reports of
 * vitest and Playwright: "Tests: N passed, N failed, N skipped". A browser test that
 * passed only on its retry is a failure (docs/testing.md "Flakes are failures"): each is
 * named, counted as failed, and the run exits 1, so `.ci/run` fails with it.
 */
import { readFileSync } from "node:fs";

type Counts = { passed: number; failed: number; skipped: number };

function vitestCounts(path: string): Counts {
  const report = JSON.parse(readFileSync(path, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

type PlaywrightSuite = {
  title: string;
  file: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ title: string; line: number; tests: Array<{ projectName: string; status: string }> }>;
};

type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
};

/** Every test of the report that passed only on a retry: "project › file:line › title". */
export function flakyTests(report: Pick<PlaywrightReport, "suites">): string[] {
  const found: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === "flaky")
          found.push(`${test.projectName} › ${suite.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of report.suites) visit(suite, []);
  return found;
}

function playwrightCounts({ stats }: PlaywrightReport): Counts {
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

function main() {
  const e2e = JSON.parse(readFileSync(".test-reports/e2e.json", "utf8")) as PlaywrightReport;
  const flaky = flakyTests(e2e);
  if (flaky.length > 0) {
    console.log(`Passed only on retry (${flaky.length}), counted as failed:`);
    for (const title of flaky) console.log(`  ${title}`);
  }
  const parts = [vitestCounts(".test-reports/unit.json"), playwrightCounts(e2e)];
  const total = parts.reduce((sum, part) => ({
    passed: sum.passed + part.passed,
    failed: sum.failed + part.failed,
    skipped: sum.skipped + part.skipped,
  }));
  console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  if (total.failed > 0 || total.passed === 0) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
