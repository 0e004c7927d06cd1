/**
 * 'Relancer les e-mails en échec' (POST /admin/mail-retry, docs/operations.md): the
 * admin only; the failed mails leave at once and the /admin frame's banner says how
 * many; a gestionnaire gets the 403 and nothing moves.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { startSession } from "#app/accounts/session.server";
import type { Db } from "#app/db/client.server";
import { mailOutbox, users } from "#app/db/schema";
import { MAX_MAIL_ATTEMPTS } from "#app/mail/mail.server";
import { action, loader } from "#app/routes/admin.mail-retry";
import { getToast } from "#app/utils/toast.server";
import { createTestContext, recordingTransport } from "#tests/context";
import { createTestD1 } from "#tests/d1";
import { enrolSecondFactor } from "#tests/staff";

import { cookiePair, get, post, run } from "./remix";

let d1: D1Database;
let db: Db;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");
const transport = recordingTransport();
const context = () => createTestContext({ d1, now, transport });

beforeAll(async () => {
  ({ d1, db, dispose } = await createTestD1());
  await db.insert(users).values(
    (["gestionnaire", "admin"] as const).map((role) => ({
      id: role,
      email: `${role}@example.ch`,
      passwordHash: "x",
      firstName: role,
      lastName: "T",
      role,
      emailConfirmedAt: now,
    })),
  );
  // Staff open the back-office only with a second factor (decision 027).
  await enrolSecondFactor(db, ["gestionnaire", "admin"]);
});
afterAll(() => dispose());
beforeEach(async () => {
  await db.delete(mailOutbox);
  transport.sent.length = 0;
  await db.insert(mailOutbox).values({
    toAddress: "dead@example.ch",
    template: "auth/confirm-email",
    locale: "fr",
    data: {},
    subject: "Confirmez votre adresse email – JetMalin",
    html: "<p>Bonjour</p>",
    text: "Bonjour",
    status: "failed",
    attempts: MAX_MAIL_ATTEMPTS,
    lastError: "Resend answered 503: down",
    nextAttemptAt: null,
    createdAt: new Date(now.getTime() - 60 * 60_000),
  });
});

const cookieOf = async (userId: string) => cookiePair(await startSession(get("/login"), context(), userId));
const statusOfDeadLetter = async () =>
  (
    await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, "dead@example.ch"))
  )[0]!.status;

describe("POST /admin/mail-retry", () => {
  it("sends the admin back where the button was, with the count in the banner", async () => {
    const request = post("/admin/mail-retry", { redirectTo: "/admin/users" }, { cookie: await cookieOf("admin") });
    const result = await run(action, request, context());

    expect(result.status).toBe(302);
    expect(result.location).toBe("/admin/users");
    const { toast } = await getToast(get("/admin", { cookie: cookiePair(result.setCookies[0]) }), context());
    expect(toast).toMatchObject({
      type: "success",
      banner: true,
      description: "E-mails relancés. Envoyés : 1 ; toujours en échec : 0.",
    });
    expect(transport.sent.map((mail) => mail.to)).toEqual(["dead@example.ch"]);
    expect(await statusOfDeadLetter()).toBe("sent");

    const again = await run(action, post("/admin/mail-retry", {}, { cookie: await cookieOf("admin") }), context());
    expect(again.location).toBe("/admin");
    const second = await getToast(get("/admin", { cookie: cookiePair(again.setCookies[0]) }), context());
    expect(second.toast?.description).toBe("Aucun e-mail en échec à relancer.");
  });

  it("refuses a gestionnaire with the 403, and sends nothing", async () => {
    const result = await run(
      action,
      post("/admin/mail-retry", {}, { cookie: await cookieOf("gestionnaire") }),
      context(),
    );
    expect(result.status).toBe(403);
    expect(String(result.body)).toContain("Accès non autorisé");
    expect(transport.sent).toEqual([]);
    expect(await statusOfDeadLetter()).toBe("failed");
  });

  it("has nothing to show on a GET", async () => {
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });
});
