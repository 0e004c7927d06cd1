// What a move tells is written in its batch (the transactional outbox): a move that did not
// happen writes nothing, a crash before the mail leaves the message for the cron, and however
// many senders run at once, each message becomes one mail.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { mailOutbox, orderMessages } from "#app/db/schema";

import { NOW, orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import {
  MESSAGE_GRACE_MS,
  PLACED_MAIL_DELAY_MS,
  sendDueOrderMessages,
  sendOrderMessages,
} from "./order-messages.server";
import { moveOrder } from "./order-moves.server";

let fx: Awaited<ReturnType<typeof orderCancelFixtures>>;
beforeAll(async () => {
  fx = await orderCancelFixtures();
});
afterAll(() => fx.dispose());

const refuse = (orderId: string) =>
  moveOrder(fx.db, {
    orderId,
    move: "refused",
    from: "pending",
    paymentState: "none",
    actor: "staff",
    changedBy: STAFF,
    now: NOW,
    set: { cancelReason: "refused" },
  });

const messagesOf = (orderId: string) =>
  fx.db
    .select({ kind: orderMessages.kind, sent: sql<boolean>`${orderMessages.sentAt} is not null` })
    .from(orderMessages)
    .where(eq(orderMessages.orderId, orderId));

const cancelledMails = async (orderId: string) =>
  (await fx.mailTemplatesOf(orderId)).filter((template) => template === "orders/cancelled").length;

describe("order messages", () => {
  it("are written with the move that tells them, and only by a move that happened", async () => {
    const { orderId } = await fx.pendingOrder(await fx.flight());
    const [first, second] = await Promise.all([refuse(orderId), refuse(orderId)]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await messagesOf(orderId)).toEqual([{ kind: "cancelled", sent: 0 }]);
    expect(await cancelledMails(orderId)).toBe(0);
  });

  it("left unsent by a crash, go with the cron once the grace is over, once however many run", async () => {
    const { orderId } = await fx.pendingOrder(await fx.flight());
    expect(await refuse(orderId)).toBe(true);
    // The process died here: the move is in, its mail is not.
    expect(await sendDueOrderMessages(fx.context())).toMatchObject({ sent: 0 });
    await fx.db
      .update(orderMessages)
      .set({ createdAt: new Date(NOW.getTime() - MESSAGE_GRACE_MS) })
      .where(eq(orderMessages.orderId, orderId));
    await Promise.all([sendDueOrderMessages(fx.context()), sendDueOrderMessages(fx.context())]);
    await sendOrderMessages(fx.context(), orderId);
    expect(await cancelledMails(orderId)).toBe(1);
    expect(await messagesOf(orderId)).toEqual([{ kind: "cancelled", sent: 1 }]);
  });

  it("a move the table does not allow is refused before anything is written", async () => {
    const { orderId } = await fx.pendingOrder(await fx.flight());
    await expect(
      moveOrder(fx.db, {
        orderId,
        move: "captured",
        from: "pending",
        paymentState: "captured",
        actor: "staff",
        now: NOW,
      }),
    ).rejects.toThrow(/not in the table/);
    await expect(
      moveOrder(fx.db, {
        orderId,
        move: "refused",
        from: "pending",
        paymentState: "none",
        actor: "customer",
        now: NOW,
      }),
    ).rejects.toThrow(/not in the table/);
    expect((await fx.orderOf(orderId)).status).toBe("pending");
  });
});

const CHECKOUT_MESSAGES = ["placed", "staffPlaced"] as const;

/** Time passes for the order's unsent messages: their rows are written `ms` earlier. */
const age = (orderId: string, ms: number) =>
  fx.db
    .update(orderMessages)
    .set({ createdAt: new Date(NOW.getTime() - ms) })
    .where(eq(orderMessages.orderId, orderId));

describe("the placed mail ('pay before ...')", () => {
  it("waits for the payment: paid meanwhile, the authorised mail goes alone and the placed one is closed unsent", async () => {
    const { orderId } = await fx.processingOrder(await fx.flight(), { messages: CHECKOUT_MESSAGES });
    // The payment's service sent what it could: staff's mail at once, the customer's authorised mail.
    await sendOrderMessages(fx.context(), orderId);
    const templates = await fx.mailTemplatesOf(orderId);
    expect(templates).toContain("orders/authorised");
    expect(templates).toContain("orders/staff-placed");
    expect(templates).not.toContain("orders/placed");

    await age(orderId, PLACED_MAIL_DELAY_MS);
    await sendDueOrderMessages(fx.context());
    expect(await fx.mailTemplatesOf(orderId)).not.toContain("orders/placed");
    expect((await messagesOf(orderId)).find((message) => message.kind === "placed")).toEqual({
      kind: "placed",
      sent: 1,
    });
  });

  it("never paid: goes with the cron once its wait is over, once, with the order page that offers to pay", async () => {
    const { orderId } = await fx.pendingOrder(await fx.flight(), { messages: CHECKOUT_MESSAGES });
    await sendOrderMessages(fx.context(), orderId);
    expect(await fx.mailTemplatesOf(orderId)).toEqual(["orders/staff-placed"]);
    // The cron's grace alone is not the placed mail's wait.
    await age(orderId, MESSAGE_GRACE_MS);
    await sendDueOrderMessages(fx.context());
    expect(await fx.mailTemplatesOf(orderId)).toEqual(["orders/staff-placed"]);

    await age(orderId, PLACED_MAIL_DELAY_MS);
    await Promise.all([sendDueOrderMessages(fx.context()), sendOrderMessages(fx.context(), orderId)]);
    expect(await fx.mailTemplatesOf(orderId)).toEqual(["orders/staff-placed", "orders/placed"]);
    const { reference } = await fx.orderOf(orderId);
    const mail = await fx.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "orders/placed"))
      .all();
    const placed = mail.find((row) => row.subject.includes(reference!))!;
    expect(placed.text).toContain("Payer maintenant");
    expect(placed.text).toMatch(new RegExp(`/confirmation/${orderId}\\?key=`));
  });
});
