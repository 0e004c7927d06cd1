import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

import { expect, test, waitForHydration } from "./fixtures";

/**
 * The request id a customer quotes from an error page is the response's X-Request-Id
 * and the id of the request's JSON line in the Worker's log (decision 017).
 *
 * The page is the 404 page: the app has no way to make a 500 on purpose (a test-only
 * route would ship to production), and the root ErrorBoundary shows the reference the
 * same way for every status.
 *
 * The log: playwright.config.ts drops the web server's stdout and prints its stderr, so
 * a test cannot read them; wrangler also writes everything it prints, the Worker's
 * console included, to its debug log file (WRANGLER_LOG_PATH, else `logs/` of its
 * config directory). The id is unique, so the line is looked for in the recent files.
 */
function wranglerLogFiles(): string[] {
  const configured = process.env.WRANGLER_LOG_PATH;
  if (configured?.endsWith(".log")) return [configured];
  const dirs = [
    configured,
    process.env.XDG_CONFIG_HOME && join(process.env.XDG_CONFIG_HOME, ".wrangler", "logs"),
    join(homedir(), ".config", ".wrangler", "logs"),
    join(homedir(), ".wrangler", "logs"),
  ].filter((dir): dir is string => Boolean(dir) && existsSync(dir!));
  const recent = Date.now() - 60 * 60 * 1000;
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(".log"))
      .map((name) => join(dir, name))
      .filter((file) => statSync(file).mtimeMs > recent),
  );
}

/**
 * The JSON lines of the app Worker's log that carry this request id. wrangler dev runs two Workers (decision 054) and
 * prefixes each line with its Worker's name; Workers Logs in production have no such prefix.
 */
function logLinesOf(requestId: string): Record<string, unknown>[] {
  return wranglerLogFiles().flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.replace(/^\[jetmalin\] /, ""))
      .filter((line) => line.startsWith("{") && line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

async function requestLineOf(requestId: string) {
  await expect
    .poll(() => logLinesOf(requestId).filter((line) => line.type === "request"), { timeout: 15_000 })
    .toHaveLength(1);
  return logLinesOf(requestId).find((line) => line.type === "request")!;
}

const EMAIL = "claire.dubois@example.ch";
const KEY = "k3y-0f-th3-0rd3r";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the error page shows the response's request id, and the log has its line without the query", async ({
    page,
  }) => {
    const path = `/nowhere-${Date.now().toString(36)}`;
    const response = await page.goto(`${path}?email=${encodeURIComponent(EMAIL)}&key=${KEY}`);
    expect(response?.status()).toBe(404);
    const requestId = response!.headers()["x-request-id"]!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
    await expect(page.getByText(`Référence de l'erreur : ${requestId}`)).toBeVisible();

    const line = await requestLineOf(requestId);
    expect(line).toMatchObject({
      type: "request",
      method: "GET",
      path,
      routeId: "routes/$",
      status: 404,
      language: "fr",
    });
    expect(line.durationMs).toEqual(expect.any(Number));
    const written = JSON.stringify(line);
    for (const secret of [EMAIL, encodeURIComponent(EMAIL), KEY, "?"]) expect(written, secret).not.toContain(secret);
  });

  test("every request has its own id, and the reference is translated", async ({ page }) => {
    const seen = new Set<string>();
    for (const [lng, label] of [
      ["en", "Error reference: "],
      ["de", "Fehlerreferenz: "],
      ["fr", "Référence de l'erreur : "],
    ] as const) {
      const response = await page.goto(`/nowhere-${lng}?lng=${lng}`);
      const requestId = response!.headers()["x-request-id"]!;
      seen.add(requestId);
      await expect(page.getByText(`${label}${requestId}`)).toBeVisible();
    }
    expect(seen.size).toBe(3);
  });
});

test("a page that works carries an id too, and does not show it", async ({ page }) => {
  const response = await page.goto("/home");
  expect(response?.status()).toBe(200);
  const requestId = response!.headers()["x-request-id"]!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText(requestId)).toHaveCount(0);
  const line = await requestLineOf(requestId);
  expect(line).toMatchObject({ path: "/home", routeId: "routes/home", status: 200, language: "fr" });
  expect(["hit", "miss", null]).toContain(line.cache);
});

test("with JavaScript, the page keeps the server's id once hydrated", async ({ page }) => {
  const response = await page.goto("/nowhere-hydrated");
  const requestId = response!.headers()["x-request-id"]!;
  await waitForHydration(page);
  await expect(page.getByText(`Référence de l'erreur : ${requestId}`)).toBeVisible();
});

test("after a client-side navigation, the error page shows the id of the request that failed", async ({ page }) => {
  // A hydrated page (a signed-out /home is served without React: decision 041).
  const document = await page.goto("/empty-legs");
  await waitForHydration(page);
  const path = `/nowhere-${Date.now().toString(36)}`;
  const dataResponse = page.waitForResponse((response) => new URL(response.url()).pathname === `${path}.data`);
  // What a link to a missing page does: Remix's router navigates without reloading.
  await page.evaluate(
    (to) =>
      (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate(to),
    path,
  );
  const requestId = (await dataResponse).headers()["x-request-id"]!;
  expect(requestId).not.toBe(document!.headers()["x-request-id"]);

  await expect(page.getByRole("heading", { level: 1, name: "Page introuvable" })).toBeVisible();
  await expect(page.getByText(`Référence de l'erreur : ${requestId}`)).toBeVisible();
  const line = await requestLineOf(requestId);
  expect(line).toMatchObject({ path: `${path}.data`, routeId: "routes/$", status: 404 });
});

test("an aborted navigation's rejection stays out of the console; any other rejection shows", async ({
  page,
  consoleErrors,
}) => {
  // A hydrated page, as above.
  await page.goto("/empty-legs");
  await waitForHydration(page);
  // What Remix's single fetch leaves behind when a link is followed during a reload
  // (entry.client.tsx), then a fault of our own.
  await page.evaluate(() => {
    void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
    void Promise.reject(new TypeError("a fault of our own"));
  });
  await expect.poll(() => consoleErrors.join("\n")).toContain("a fault of our own");
  expect(consoleErrors.join("\n")).not.toContain("aborted");
});
