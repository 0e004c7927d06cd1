import { describe, expect, it } from "vitest";

import { historyDetail } from "./history-detail";

// French writes thousands with a narrow no-break space and the euro sign after a no-break space.
const NNBSP = "\u202f";
const NBSP = "\u00a0";

describe("historyDetail", () => {
  it("reads a refund's cents as money in the reader's language", () => {
    const refunded = { move: "refunded", paymentState: "refunded", detail: "107200" };
    expect(historyDetail(refunded, "fr")).toEqual({
      key: "refundedTotal",
      values: { amount: `1${NNBSP}072,00${NBSP}€` },
    });
    expect(historyDetail(refunded, "en")).toEqual({ key: "refundedTotal", values: { amount: "€1,072.00" } });
    expect(historyDetail(refunded, "de")).toEqual({ key: "refundedTotal", values: { amount: "1.072,00\u00a0€" } });
  });

  it("tells what is owed by hand from what staff settled", () => {
    expect(historyDetail({ move: "refundManual", paymentState: "refundFailed", detail: "5000" }, "en")).toEqual({
      key: "toRefund",
      values: { amount: "€50.00" },
    });
    expect(historyDetail({ move: "refundManual", paymentState: "refunded", detail: "5000" }, "en")).toEqual({
      key: "refundedTotal",
      values: { amount: "€50.00" },
    });
  });

  it("shows the amount of a mismatched payment, never the provider's event id", () => {
    const euros = { move: "amountMismatch", paymentState: "none", detail: "evt_1Q2w3E: 99900 eur" };
    expect(historyDetail(euros, "en")).toEqual({ key: "received", values: { amount: "€999.00" } });
    const francs = { move: "amountMismatch", paymentState: "none", detail: "evt_1Q2w3E: 99900 chf" };
    expect(historyDetail(francs, "en")).toEqual({ key: "receivedOther", values: { amount: "999 CHF" } });
    expect(historyDetail({ ...euros, detail: "evt_1Q2w3E: ? ?" }, "en")).toBeNull();
  });

  it("keeps the provider's words on a refusal and drops bare ids", () => {
    expect(
      historyDetail({ move: "refundFailed", paymentState: "refundFailed", detail: "card_declined" }, "fr"),
    ).toEqual({ key: "provider", values: { message: "card_declined" } });
    for (const move of ["authorised", "paymentFailed", "expired", "lateAuthorisationReleased"])
      expect(historyDetail({ move, paymentState: "authorised", detail: "evt_1Q2w3E: pi_9Z8y" }, "fr")).toBeNull();
    expect(historyDetail({ move: "refunded", paymentState: "refunded", detail: null }, "fr")).toBeNull();
  });
});
