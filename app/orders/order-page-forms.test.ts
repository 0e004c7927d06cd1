import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";

import { OrderPageSchema, OrderPaymentSchema } from "./order-page-forms";

describe("the order page's 'Payer maintenant' form", () => {
  it("takes its button's intent and nothing else", () => {
    expect(parseForm(new URLSearchParams({ intent: "pay" }), { schema: OrderPaymentSchema }).status).toBe("success");
    for (const fields of [{}, { intent: "validate" }, { intent: "" }] as Array<Record<string, string>>) {
      expect(
        parseForm(new URLSearchParams(fields), { schema: OrderPaymentSchema }),
        JSON.stringify(fields),
      ).toMatchObject({
        status: "error",
        error: { intent: ["order.pay.errors.invalid"] },
      });
    }
  });
});

describe("the order page's 'Confirmer l'annulation' form", () => {
  it("takes the fee and refund the step showed, in cents", () => {
    const parsed = parseForm(new URLSearchParams({ intent: "cancel", feeCents: "37036", refundCents: "86420" }), {
      schema: OrderPageSchema,
    });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toEqual({
      intent: "cancel",
      feeCents: 37_036,
      refundCents: 86_420,
    });
  });

  it("refuses a cancellation without figures, or with figures that are not whole cents", () => {
    for (const fields of [
      { intent: "cancel" },
      { intent: "cancel", feeCents: "-1", refundCents: "0" },
      { intent: "cancel", feeCents: "1.5", refundCents: "0" },
      { intent: "cancel", feeCents: "0x10", refundCents: "0" },
      { intent: "refund", feeCents: "0", refundCents: "0" },
    ] as Array<Record<string, string>>) {
      expect(parseForm(new URLSearchParams(fields), { schema: OrderPageSchema }).status, JSON.stringify(fields)).toBe(
        "error",
      );
    }
    expect(parseForm(new URLSearchParams({ intent: "pay" }), { schema: OrderPageSchema }).status).toBe("success");
  });
});
