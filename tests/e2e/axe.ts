/**
 * The axe-core audit of a11y.spec.ts and a11y-backoffice.spec.ts: every rule axe tags
 * WCAG 2.0, 2.1 and 2.2 A and AA, run in the page as it stands.
 *
 * Cheaper than `new AxeBuilder(...).analyze()`, for the same rules and the same findings:
 * - axe's source is evaluated once per document (AxeBuilder evaluates it twice per
 *   analysis), and `axe.run` runs in the page itself: no blank page opened and closed to
 *   merge per-frame results (`finishRun`), which the audited pages, without frames, do not need;
 * - `resultTypes: ["violations"]`: axe still runs every rule on every node, but describes
 *   (selector, HTML) one node only of each pass, incomplete and inapplicable rule instead
 *   of all of them, and only the violations come back from the page.
 */
import type { Page } from "@playwright/test";
import axe from "axe-core";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const OPTIONS = {
  runOnly: { type: "tag", values: WCAG_TAGS },
  resultTypes: ["violations"],
} satisfies axe.RunOptions;

type Finding = { rule: string; nodes: string[] };

/** Axe's findings on the page as it stands, as a short list a failure message can show. */
export async function violations(page: Page, when: string) {
  // Evaluated over the DevTools protocol, as Playwright's own scripts: no page's CSP applies.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(async (options): Promise<Finding[]> => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, options as axe.RunOptions);
    return results.violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
  }, OPTIONS);
  return found.map((finding) => ({ when, ...finding }));
}
