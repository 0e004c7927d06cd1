import { describe, expect, it } from "vitest";

import { base64Url } from "./crypto.server";
import { parseKeyring, seal, SealError, unseal } from "./sealed.server";

const key = (byte: number) => base64Url(new Uint8Array(32).fill(byte));
const BINDING = "manifest:order-1:0:documentNumber";

describe("sealed fields", () => {
  it("opens what it sealed, and the stored value holds no plaintext", async () => {
    const keyring = await parseKeyring(`2026-11:${key(1)}`);
    const sealed = await seal("X1234567", keyring, BINDING);
    expect(sealed).toMatch(/^s1\.2026-11\./);
    expect(sealed).not.toContain("X1234567");
    expect(await seal("X1234567", keyring, BINDING)).not.toBe(sealed); // a fresh IV each time
    expect(await unseal(sealed, keyring, BINDING)).toBe("X1234567");
  });

  it("refuses an unknown key id, another row's binding, and an altered value", async () => {
    const keyring = await parseKeyring(`2026-11:${key(1)}`);
    const sealed = await seal("1984-03-09", keyring, BINDING);
    const other = await parseKeyring(`2027-05:${key(2)}`);
    await expect(unseal(sealed, other, BINDING)).rejects.toThrow(new SealError("unknown key id 2026-11"));
    await expect(unseal(sealed, keyring, "manifest:order-2:0:documentNumber")).rejects.toBeInstanceOf(SealError);
    const [version, kid, iv, ciphertext] = sealed.split(".");
    const flipped = `${ciphertext!.slice(0, -2)}${ciphertext!.endsWith("AA") ? "AB" : "AA"}`;
    await expect(unseal([version, kid, iv, flipped].join("."), keyring, BINDING)).rejects.toBeInstanceOf(SealError);
    await expect(unseal("1984-03-09", keyring, BINDING)).rejects.toThrow("not a sealed value");
  });

  it("rotates: a new first key seals, the old one still opens what it sealed", async () => {
    const before = await parseKeyring(`2026-11:${key(1)}`);
    const sealed = await seal("X1234567", before, BINDING);
    const after = await parseKeyring(`2027-05:${key(2)}, 2026-11:${key(1)}`);
    expect(await unseal(sealed, after, BINDING)).toBe("X1234567");
    expect(await seal("X1234567", after, BINDING)).toMatch(/^s1\.2027-05\./);
  });

  it("refuses a malformed keyring", async () => {
    await expect(parseKeyring("")).rejects.toThrow("empty");
    await expect(parseKeyring(`:${key(1)}`)).rejects.toThrow("key id");
    await expect(parseKeyring(`k1:${base64Url(new Uint8Array(16))}`)).rejects.toThrow("32 bytes");
    await expect(parseKeyring(`k1:${key(1)},k1:${key(2)}`)).rejects.toThrow("twice");
  });
});
