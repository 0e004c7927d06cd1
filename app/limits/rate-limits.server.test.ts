/**
 * The per-IP limits count the caller's network on a real D1: an IPv6 caller picking a
 * new address of its /64 for every request is one caller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestContext } from "#tests/context";
import { createTestD1 } from "#tests/d1";

import { allowRegistration, checkResetRequest, RATE_LIMITS, startLoginTry } from "./rate-limits.server";
import { allowRequest, REQUEST_LIMITS } from "./request-limits.server";

let d1: D1Database;
let dispose: () => Promise<void>;
const now = new Date("2026-11-23T10:00:00Z");

beforeAll(async () => {
  ({ d1, dispose } = await createTestD1());
});
afterAll(() => dispose());

const context = () => createTestContext({ d1, now });
/** Address number `i` of the /64 `prefix` (e.g. "2001:db8:a:1"), written as a client might. */
const addressIn = (prefix: string, i: number) =>
  `${prefix}:${(i + 1).toString(16)}:${(i * 7).toString(16)}::${(i * 13 + 1).toString(16)}`;

describe("per-network keys", () => {
  it("refuses a sign-up flood from one IPv6 /64 whatever address each request uses, and lets the next /64 in", async () => {
    const { limit } = RATE_LIMITS.registerPerIp;
    for (let i = 0; i < limit; i++)
      expect(await allowRegistration(context(), addressIn("2001:db8:a:1", i)), `sign-up ${i + 1}`).toBe(true);
    expect(await allowRegistration(context(), addressIn("2001:db8:a:1", limit))).toBe(false);
    expect(await allowRegistration(context(), "2001:db8:a:1::ffff")).toBe(false);
    expect(await allowRegistration(context(), addressIn("2001:db8:a:2", 0))).toBe(true);
  });

  it("still counts IPv4 addresses one by one, and an IPv4-mapped address as its IPv4 address", async () => {
    const { limit } = RATE_LIMITS.registerPerIp;
    for (let i = 0; i < limit; i++)
      expect(await allowRegistration(context(), i % 2 ? "198.51.100.20" : "::ffff:198.51.100.20")).toBe(true);
    expect(await allowRegistration(context(), "198.51.100.20")).toBe(false);
    expect(await allowRegistration(context(), "198.51.100.21")).toBe(true);
  });

  it("blocks sign-in failures from one /64 together", async () => {
    const email = "flood@example.ch";
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIp.limit; i++) {
      // A different account each time: only the network's own counter can block. A try
      // that is not given back is a failure.
      await startLoginTry(context(), `account-${i}@example.ch`, addressIn("2001:db8:b:1", i));
    }
    expect((await startLoginTry(context(), email, "2001:db8:b:1::1234")).allowed).toBe(false);
    expect((await startLoginTry(context(), email, "2001:db8:b:2::1")).allowed).toBe(true);
  });

  it("caps reset requests per /64", async () => {
    const { limit } = RATE_LIMITS.resetPerIpHourly;
    for (let i = 0; i < limit; i++) {
      // A different email each time, and past the 2-second throttle: only the network's hourly cap counts.
      expect(
        (await checkResetRequest(context(), `reset-${i}@example.ch`, addressIn("2001:db8:c:1", i))).capped,
        `request ${i + 1}`,
      ).toBe(false);
    }
    expect((await checkResetRequest(context(), "reset-last@example.ch", "2001:db8:c:1::beef")).capped).toBe(true);
    expect((await checkResetRequest(context(), "reset-other@example.ch", "2001:db8:c:2::beef")).capped).toBe(false);
  });

  it("caps the public request forms per /64", async () => {
    const { limit } = REQUEST_LIMITS.newsletter;
    for (let i = 0; i < limit; i++)
      expect(await allowRequest(context(), "newsletter", addressIn("2001:db8:d:1", i))).toBe(true);
    expect(await allowRequest(context(), "newsletter", "2001:db8:d:1::99")).toBe(false);
    expect(await allowRequest(context(), "newsletter", "2001:db8:d:2::99")).toBe(true);
  });
});
