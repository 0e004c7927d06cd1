import { generateTOTP } from "@epic-web/totp";
import { describe, expect, it } from "vitest";

import { base32Encode, createTotpSecret, matchTotpStep, totpAuthUri, totpCode, totpStep } from "./totp.server";

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890".
const RFC_SECRET = base32Encode(new TextEncoder().encode("12345678901234567890"));

describe("TOTP", () => {
  it("gives the RFC 6238 test vectors (last six digits)", async () => {
    expect(await totpCode(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(await totpCode(RFC_SECRET, new Date(1111111109_000))).toBe("081804");
    expect(await totpCode(RFC_SECRET, new Date(2000000000_000))).toBe("279037");
  });

  it("accepts what an authenticator app (here @epic-web/totp) shows now, and says which step it was", async () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
    const now = new Date();
    expect(await matchTotpStep(secret, otp, now)).toBe(totpStep(now));
  });

  it("accepts the neighbouring steps only", async () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const at = (offset: number) => totpCode(RFC_SECRET, new Date(now.getTime() + offset * 30_000));
    expect(await matchTotpStep(RFC_SECRET, await at(-1), now)).toBe(step - 1);
    expect(await matchTotpStep(RFC_SECRET, await at(1), now)).toBe(step + 1);
    expect(await matchTotpStep(RFC_SECRET, await at(-3), now)).toBeNull();
    expect(await matchTotpStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(await matchTotpStep("not base32!", "123456", now)).toBeNull();
  });

  it("makes the otpauth link apps read", () => {
    expect(totpAuthUri("ABC", "admin@jetmalin.test")).toBe(
      "otpauth://totp/JetMalin:admin%40jetmalin.test?secret=ABC&issuer=JetMalin&algorithm=SHA1&digits=6&period=30",
    );
  });
});
