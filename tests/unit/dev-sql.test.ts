import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { action, loader } from "#app/routes/dev.sql";
import { createTestContext, PRODUCTION_VARS } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { get, post, run } from "./remix";

let testDb: Awaited<ReturnType<typeof createTestD1>>;
beforeAll(async () => {
  testDb = await createTestD1();
});
afterAll(() => testDb.dispose());

const statements = (...values: string[]) => {
  const form = new FormData();
  for (const value of values) form.append("statement", value);
  return form;
};

const notificationTitles = async () =>
  (await testDb.d1.prepare("SELECT title FROM notifications ORDER BY id").all<{ title: string }>()).results.map(
    (row) => row.title,
  );

describe("/dev/sql, the browser tests' single writer", () => {
  it("runs the posted statements in one batch inside the Worker and answers each one's changes", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    const result = await run(
      action,
      post(
        "/dev/sql",
        statements(
          "INSERT INTO users (id, email, password_hash, first_name, last_name, language) VALUES ('dev-sql-user', 'dev-sql@example.test', 'x', 'Léa', 'Muller', 'fr')",
          // A statement may span lines: the form is read as sent.
          "INSERT INTO notifications (user_id, title, message)\n  SELECT id, 'Première', 'Bonjour' FROM users WHERE id = 'dev-sql-user'",
          "UPDATE users SET language = 'de' WHERE id = 'no-such-user'",
        ),
      ),
      context,
    );
    expect(result.status).toBe(200);
    expect(JSON.parse(result.body as string)).toEqual({ changes: [1, 1, 0] });
    expect(await notificationTitles()).toEqual(["Première"]);
  });

  it("writes nothing when one statement fails, and says why", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    const result = await run(
      action,
      post(
        "/dev/sql",
        statements(
          "INSERT INTO notifications (user_id, title, message) VALUES ('dev-sql-user', 'Seconde', 'Bonjour')",
          "INSERT INTO no_such_table (id) VALUES (1)",
        ),
      ),
      context,
    );
    expect(result.status).toBe(422);
    expect(JSON.parse(result.body as string).message).toMatch(/no such table: no_such_table/);
    expect(await notificationTitles()).toEqual(["Première"]);
  });

  it("refuses a form without statements, and answers GET with 405", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    for (const form of [statements(), statements("  "), (() => new FormData())()]) {
      expect((await run(action, post("/dev/sql", form), context)).status).toBe(400);
    }
    expect((await run(action, post("/dev/sql", { intent: "matrix-probe" }), context)).status).toBe(400);
    expect((await run(loader, get("/dev/sql"), context)).status).toBe(405);
  });

  it("does not exist on a host that is not a loopback one, even where APP_ENV says local", async () => {
    const context = createTestContext({ d1: testDb.d1 });
    const deployed = new Request("https://jetmalin.workers.dev/dev/sql", {
      method: "POST",
      body: statements("DELETE FROM notifications"),
    });
    expect((await run(action, deployed, context)).status).toBe(404);
    expect((await run(loader, new Request("https://jetmalin.workers.dev/dev/sql"), context)).status).toBe(404);
    expect(await notificationTitles()).toEqual(["Première"]);
  });

  it("does not exist in production, like /dev/mail", async () => {
    const context = createTestContext({ d1: testDb.d1, vars: PRODUCTION_VARS });
    const result = await run(action, post("/dev/sql", statements("DELETE FROM notifications")), context);
    expect(result.status).toBe(404);
    expect((await run(loader, get("/dev/sql"), context)).status).toBe(404);
    expect(await notificationTitles()).toEqual(["Première"]);
  });
});
