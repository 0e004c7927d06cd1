// RFC 6238 codes (HMAC-SHA-1, 6 digits, 30-second steps). The check is ours because it runs on `context.now()`:
// @epic-web/totp's `verifyTOTP` counts steps from the wall clock and does not export its HOTP functions (decision 027).
import { getTOTPAuthUri } from "@epic-web/totp";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code of the step before or after now is accepted too (clocks drift, people type slowly). */
const WINDOW = 1;
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32[(value << (5 - bits)) & 31];
  return output;
}

function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/=+$/, "").toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(bytes);
}

export function createTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

export function totpStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

async function hotp(key: CryptoKey, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1]! & 0xf;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

async function hmacKey(secret: string): Promise<CryptoKey | null> {
  const bytes = secret ? base32Decode(secret) : null;
  if (!bytes || bytes.length === 0) return null;
  return crypto.subtle.importKey("raw", bytes as BufferSource, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
}

export async function totpCode(secret: string, now: Date): Promise<string> {
  const key = await hmacKey(secret);
  if (!key) throw new Error("invalid TOTP secret");
  return hotp(key, totpStep(now));
}

/** Every candidate is computed and compared, so the time taken tells nothing. */
export async function matchTotpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const key = await hmacKey(secret);
  if (!key || !/^\d{6}$/.test(code)) return null;
  const current = totpStep(now);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if ((await hotp(key, step)) === code && matched === null) matched = step;
  }
  return matched;
}

export function totpAuthUri(secret: string, accountName: string): string {
  return getTOTPAuthUri({
    secret,
    accountName,
    issuer: "JetMalin",
    algorithm: "SHA-1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}
