// What a move tells is written in its batch (the transactional outbox): a move that did not
// happen writes nothing, a crash before the mail leaves the message for the cron, and however
// many senders run at once, each message becomes one mail.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { orderMessages } from "#app/db/schema";

import { NOW, orderCancelFixtures, STAFF } from "./order-cancel.fixtures";
import { MESSAGE_GRACE_MS, sendDueOrderMessages, sendOrderMessages } from "./order-messages.server";
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
