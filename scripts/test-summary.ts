/**
 * Prints one closing line for the whole `npm test` run, from the JSON reports of
 * vitest and Playwright: "Tests: N passed, N failed, N skipped".
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

function playwrightCounts(path: string): Counts {
  const { stats } = JSON.parse(readFileSync(path, "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

const parts = [vitestCounts(".test-reports/unit.json"), playwrightCounts(".test-reports/e2e.json")];
const total = parts.reduce((sum, part) => ({
  passed: sum.passed + part.passed,
  failed: sum.failed + part.failed,
  skipped: sum.skipped + part.skipped,
}));
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
if (total.failed > 0 || total.passed === 0) process.exit(1);
