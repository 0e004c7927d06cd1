import { describe, expect, it } from "vitest";
import { OrderPaymentSchema } from "./order-page-forms";
import { parseForm } from "#app/utils/forms/parse";

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
