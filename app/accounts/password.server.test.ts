import { describe, expect, it } from "vitest";

import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("pins the iteration count to the production Workers cap", () => {
    // Workers reject more than 100,000 PBKDF2 iterations; local workerd does not, so no other
    // test would fail.
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("stores algorithm, iterations, a 16-byte salt and a 32-byte hash", async () => {
    const stored = await hashPassword("JetMalin-demo-2026");
    const [algorithm, iterations, salt, hash] = stored.split("$");
    expect(algorithm).toBe("pbkdf2-sha256");
    expect(iterations).toBe("100000");
    expect(atob(salt!)).toHaveLength(16);
    expect(atob(hash!)).toHaveLength(32);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "plain-text")).toBe(false);
  });
});
