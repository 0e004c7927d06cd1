import { describe, expect, it } from "vitest";

import { flakyTests } from "../../scripts/test-summary";

describe("the test summary", () => {
  it("names every browser test that passed only on its retry, in describes too", () => {
    const test = (status: string, projectName = "chromium") => ({ projectName, status });
    const report = {
      suites: [
        {
          title: "mail.spec.ts",
          file: "mail.spec.ts",
          specs: [
            { title: "lists the mails", line: 12, tests: [test("expected")] },
            { title: "delivers a retried mail", line: 40, tests: [test("flaky")] },
          ],
          suites: [
            {
              file: "mail.spec.ts",
              title: "without JavaScript",
              specs: [{ title: "shows a mail", line: 70, tests: [test("unexpected"), test("flaky", "global-state")] }],
            },
          ],
        },
        {
          title: "health.spec.ts",
          file: "health.spec.ts",
          specs: [{ title: "skipped", line: 5, tests: [test("skipped")] }],
        },
      ],
    };
    expect(flakyTests(report)).toEqual([
      "chromium › mail.spec.ts:40 › delivers a retried mail",
      "global-state › mail.spec.ts:70 › without JavaScript › shows a mail",
    ]);
  });
});
