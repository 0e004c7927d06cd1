/**
 * The language switch of the header and footer (/language, decision 024): a signed-in
 * user's own profile language changes, checked on the server; a visitor gets the cookie only.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import type { Db } from "#app/db/client.server";
import { users } from "#app/db/schema";
import { action } from "#app/routes/language";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { cookiePair, get, post, run } from "./remix";

let db: Db;
let dispose: () => Promise<void>;
let context: AppLoadContext;

beforeAll(async () => {
  const testDb = await createTestD1();
  ({ db, dispose } = testDb);
  context = createTestContext({ d1: testDb.d1, transport: recordingTransport() });
  await db.insert(users).values([
    {
      id: "fabienne",
      email: "fabienne@example.ch",
      passwordHash: "x",
      firstName: "Fabienne",
      lastName: "L",
      language: "fr",
    },
    { id: "otto", email: "otto@example.ch", passwordHash: "x", firstName: "Otto", lastName: "L", language: "de" },
  ]);
});
afterAll(() => dispose());

const languageOf = async (id: string) =>
  (await db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]!.language;

describe("/language", () => {
  it("changes the signed-in user's own profile language and goes back to the page in it", async () => {
    const cookie = cookiePair(await startSession(get("/"), context, "fabienne"));
    const result = await run(
      action,
      post("/language", { language: "en", redirectTo: "/profile?edit=1&lng=fr", userId: "otto" }, { cookie }),
      context,
    );
    expect(result).toMatchObject({ status: 302, location: "/profile?edit=1&lng=en" });
    expect(result.setCookies.some((value) => value.startsWith("i18nextLng="))).toBe(true);
    expect(await languageOf("fabienne")).toBe("en");
    // Nobody else's, whatever the form says.
    expect(await languageOf("otto")).toBe("de");
  });

  it("signed out, sets the cookie only; a bad language or another site's address changes nothing", async () => {
    const visitor = await run(action, post("/language", { language: "de", redirectTo: "/home" }), context);
    expect(visitor).toMatchObject({ status: 302, location: "/home?lng=de" });
    expect(visitor.setCookies.some((value) => value.startsWith("i18nextLng="))).toBe(true);

    const cookie = cookiePair(await startSession(get("/"), context, "otto"));
    expect(
      await run(action, post("/language", { language: "es", redirectTo: "/profile" }, { cookie }), context),
    ).toMatchObject({ status: 302, location: "/profile" });
    expect(
      await run(action, post("/language", { language: "fr", redirectTo: "//evil.example/x" }, { cookie }), context),
    ).toMatchObject({
      status: 302,
      location: "/home?lng=fr",
    });
    expect(await languageOf("otto")).toBe("fr");
  });
});
