import { describe, expect, it } from "vitest";

import { cancellationClause } from "#app/content/cancellation-terms";
import { TERMS } from "#app/content/documents/terms";
import { SUPPORTED_LANGUAGES } from "#app/i18n";

import { cancellationBracket, cancellationFee, cancellationQuote, cancelledMoney } from "./cancellation-fees";

const departure = new Date("2026-12-10T10:00:00.000Z");
const at = (iso: string) => new Date(iso);
const fee = (now: Date, amountCents = 123_456, freeCancellation = false) =>
  cancellationFee({ amountCents, departure, now, freeCancellation });

describe("cancellationFee: the brackets' boundaries (departure 10 Dec 2026 10:00 UTC)", () => {
  it("takes 30 % more than 7 days before: 1 ms before the 7 days", () => {
    // 7 days before = 3 Dec 10:00:00.000; one millisecond earlier is strictly more than 7 days.
    expect(fee(at("2026-12-03T09:59:59.999Z"))).toEqual({
      feeCents: 37_036, // 123,456 x 30 % = 37,036.8, rounded down
      refundCents: 86_420,
      bracket: "early",
      feePercent: 30,
    });
  });

  it("takes 60 % at exactly 7 days ('plus de 7 jours' is strictly more) and at exactly 48 hours", () => {
    const late = { feeCents: 74_073, refundCents: 49_383, bracket: "late", feePercent: 60 }; // 74,073.6 down
    expect(fee(at("2026-12-03T10:00:00.000Z"))).toEqual(late);
    expect(fee(at("2026-12-08T10:00:00.000Z"))).toEqual(late);
  });

  it("takes 100 % under 48 hours: 1 ms after the 48 hours, and 1 ms before departure", () => {
    const all = { feeCents: 123_456, refundCents: 0, bracket: "lastMinute", feePercent: 100 };
    expect(fee(at("2026-12-08T10:00:00.001Z"))).toEqual(all);
    expect(fee(at("2026-12-10T09:59:59.999Z"))).toEqual(all);
  });

  it("calls a flight departed from its departure instant on", () => {
    expect(cancellationBracket(0)).toBe("departed");
    expect(fee(at("2026-12-10T10:00:00.000Z")).bracket).toBe("departed");
    expect(fee(at("2026-12-11T10:00:00.000Z")).refundCents).toBe(0);
  });

  it("counts 7 days as 168 hours, across the change to summer time", () => {
    // Zurich moves to summer time on 28 March 2027: from 23 March 10:00 UTC to 30 March
    // 10:00 UTC is 168 hours (the wall clock shows 11:00 then 12:00): the 60 % bracket.
    const now = at("2027-03-23T10:00:00.000Z");
    const summer = at("2027-03-30T10:00:00.000Z");
    expect(cancellationFee({ amountCents: 10_000, departure: summer, now, freeCancellation: false }).bracket).toBe(
      "late",
    );
  });

  it("rounds the fee down to the cent and refunds the rest, so fee + refund = amount", () => {
    // 999.99 EUR at 30 %: 299.997 EUR -> 299.99 kept, 700.00 back.
    expect(fee(at("2026-11-01T10:00:00.000Z"), 99_999)).toMatchObject({ feeCents: 29_999, refundCents: 70_000 });
    // 0.01 EUR at 60 %: 0.006 -> nothing kept.
    expect(fee(at("2026-12-05T10:00:00.000Z"), 1)).toMatchObject({ feeCents: 0, refundCents: 1 });
    for (const amount of [1, 3, 7, 101, 33_333, 123_457, 1_999_999]) {
      for (const now of ["2026-11-01T00:00:00Z", "2026-12-05T00:00:00Z", "2026-12-09T00:00:00Z"]) {
        const result = fee(at(now), amount);
        expect(result.feeCents + result.refundCents).toBe(amount);
        expect(Number.isInteger(result.feeCents)).toBe(true);
      }
    }
  });

  it("keeps nothing from a free cancellation (a reschedule of 3 hours or more), even under 48 hours", () => {
    expect(fee(at("2026-12-09T10:00:00.000Z"), 123_456, true)).toEqual({
      feeCents: 0,
      refundCents: 123_456,
      bracket: "free",
      feePercent: 0,
    });
  });
});

describe("cancellationQuote", () => {
  const base = { amountCents: 50_000, departure, now: at("2026-12-05T10:00:00.000Z"), freeCancellation: false };
  it("charges nothing for a pending or processing order: nothing has been taken", () => {
    for (const status of ["pending", "processing"] as const) {
      expect(cancellationQuote({ ...base, status })).toEqual({
        cancellable: true,
        charged: false,
        feeCents: 0,
        refundCents: 0,
        bracket: "late",
        feePercent: 60,
      });
    }
  });
  it("keeps the terms' fee of a completed order and refunds the rest", () => {
    expect(cancellationQuote({ ...base, status: "completed" })).toMatchObject({
      cancellable: true,
      charged: true,
      feeCents: 30_000,
      refundCents: 20_000,
    });
  });
  it("refuses a cancelled order and a departed flight", () => {
    expect(cancellationQuote({ ...base, status: "cancelled" })).toEqual({ cancellable: false });
    expect(cancellationQuote({ ...base, status: "completed", now: departure })).toEqual({ cancellable: false });
  });
});

describe("the terms state the numbers the code applies", () => {
  it.each(SUPPORTED_LANGUAGES)(
    "in %s: the clause's days, hours and percentages give the function's brackets",
    (language) => {
      const clause = cancellationClause(language);
      const terms = TERMS[language].sections.flatMap((section) => section.paragraphs);
      expect(terms).toEqual(expect.arrayContaining(clause));
      // "More than D days: P1 %; from D days to H hours: P2 %; less than H hours: P3 %."
      const numbers = ((clause[0] ?? "").match(/\d+/g) ?? []).map(Number);
      expect(numbers).toHaveLength(7);
      const [days = NaN, early, days2, hours = NaN, late, hours2, lastMinute] = numbers;
      expect(days2).toBe(days);
      expect(hours2).toBe(hours);
      const before = (ms: number) => new Date(departure.getTime() - ms);
      const percentAt = (ms: number) => fee(before(ms), 10_000).feePercent;
      expect(percentAt(days * 86_400_000 + 1)).toBe(early);
      expect(percentAt(days * 86_400_000)).toBe(late);
      expect(percentAt(hours * 3_600_000)).toBe(late);
      expect(percentAt(hours * 3_600_000 - 1)).toBe(lastMinute);
    },
  );
});

describe("cancelledMoney", () => {
  const order = { amountCents: 100_000, cancellationFeeCents: 30_000, refundedCents: 0 };
  it("says nothing was charged when no money was taken", () => {
    for (const paymentState of ["none", "failed", "released"])
      expect(cancelledMoney({ ...order, cancellationFeeCents: 0, paymentState })).toEqual({
        kind: "nothingCharged",
        feeCents: 0,
        refundCents: 0,
      });
  });
  it("gives the refunded amount once the provider refunded it", () => {
    expect(cancelledMoney({ ...order, paymentState: "refunded", refundedCents: 70_000 })).toEqual({
      kind: "refunded",
      feeCents: 30_000,
      refundCents: 70_000,
    });
  });
  it("says the rest is still to come back after a refused refund or a bank transfer, and nothing when the terms kept all", () => {
    expect(cancelledMoney({ ...order, paymentState: "refundFailed" })).toMatchObject({
      kind: "refundPending",
      refundCents: 70_000,
    });
    expect(cancelledMoney({ ...order, paymentState: "offline" })).toMatchObject({ kind: "refundPending" });
    expect(cancelledMoney({ ...order, paymentState: "captured", cancellationFeeCents: 100_000 })).toEqual({
      kind: "nothingBack",
      feeCents: 100_000,
      refundCents: 0,
    });
  });
});
