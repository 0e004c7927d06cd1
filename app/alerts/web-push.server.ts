// Web Push on the Worker (docs/decisions/057-web-push.md): the payload encrypted per RFC 8291 (aes128gcm) by
// @block65/webcrypto-web-push, the application server identified per RFC 8292 (VAPID) by our own ES256 JWT.
import { encryptNotification } from "@block65/webcrypto-web-push";

import { base64Url } from "#app/utils/crypto.server";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushRequest = { endpoint: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> };

/** RFC 8292 allows a JWT for at most 24 hours; 12 leaves room for clocks that disagree. */
export const VAPID_LIFETIME_SECONDS = 12 * 60 * 60;
/** A push not delivered within a day is stale: the leg may be gone. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const json64 = (value: unknown) => base64Url(new TextEncoder().encode(JSON.stringify(value)));

/** The VAPID key pair as Web Crypto takes it: the public point (65 bytes, base64url) and the scalar `d`. */
export function vapidSigningKey({ publicKey, privateKey }: Pick<VapidKeys, "publicKey" | "privateKey">) {
  const point = fromBase64Url(publicKey);
  return crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      x: base64Url(point.slice(1, 33)),
      y: base64Url(point.slice(33, 65)),
      d: privateKey,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
}

/** `vapid t=<JWT>, k=<public key>` for the push service of `endpoint` (RFC 8292 section 3). */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, now: Date): Promise<string> {
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now.getTime() / 1000) + VAPID_LIFETIME_SECONDS,
    sub: vapid.subject,
  };
  const unsigned = `${json64({ typ: "JWT", alg: "ES256" })}.${json64(claims)}`;
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    await vapidSigningKey(vapid),
    new TextEncoder().encode(unsigned),
  );
  return `vapid t=${unsigned}.${base64Url(new Uint8Array(signature))}, k=${vapid.publicKey}`;
}

/** The POST a push service takes: the encrypted body (one record, padded to 4096 octets) and its headers. */
export async function buildPushRequest(
  target: PushTarget,
  payload: unknown,
  { vapid, now, urgency = "normal" }: { vapid: VapidKeys; now: Date; urgency?: "normal" | "high" },
): Promise<PushRequest> {
  const body = await encryptNotification(
    { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  return {
    endpoint: target.endpoint,
    headers: {
      authorization: await vapidAuthorization(target.endpoint, vapid, now),
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
      ttl: String(PUSH_TTL_SECONDS),
      urgency,
    },
    body,
  };
}

/**
 * The receiving side of RFC 8291 (what a browser does with its private key): the local push service decrypts
 * with it, and the unit test holds it to the RFC's published example. Throws on anything it cannot read.
 */
export async function decryptPush(
  body: Uint8Array,
  { privateKey, p256dh, auth }: { privateKey: JsonWebKey; p256dh: string; auth: string },
): Promise<string> {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const salt = body.slice(0, 16);
  const recordSize = view.getUint32(16);
  const keyLength = body[20]!;
  const senderKey = body.slice(21, 21 + keyLength);
  const record = body.slice(21 + keyLength);
  if (keyLength !== 65 || record.byteLength > recordSize || record.byteLength < 17)
    throw new Error("not an aes128gcm push message");
  const ecdh = { name: "ECDH", namedCurve: "P-256" } as const;
  const receiver = await crypto.subtle.importKey("jwk", privateKey, ecdh, false, ["deriveBits"]);
  const sender = await crypto.subtle.importKey("raw", senderKey, ecdh, false, []);
  const sharedSecret = await crypto.subtle.deriveBits({ name: "ECDH", public: sender }, receiver, 256);
  const receiverKey = fromBase64Url(p256dh);
  const keyInfo = concat(new TextEncoder().encode("WebPush: info\0"), receiverKey, senderKey);
  const ikm = await hkdf(fromBase64Url(auth), new Uint8Array(sharedSecret), keyInfo, 32);
  const cek = await hkdf(salt, ikm, new TextEncoder().encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, new TextEncoder().encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, record));
  // The last record ends with 0x02, then zeroes (RFC 8188 section 2).
  let end = padded.byteLength - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("the push message's padding is not that of a last record");
  return new TextDecoder().decode(padded.slice(0, end));
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info: info as BufferSource }, key, bytes * 8),
  );
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * What a push service's answer means for the subscription. RFC 8030 section 7.3: 404 and 410 say it is gone. 401
 * and 403 say our VAPID key is not the one it was made for (a rotation, or a wrong key): it will never take a push
 * again, so it goes too, and its owner gets the alert mails again (decision 057) until push is turned on anew.
 */
export function pushAnswer(status: number): "delivered" | "gone" | "failed" {
  if (status >= 200 && status < 300) return "delivered";
  return [401, 403, 404, 410].includes(status) ? "gone" : "failed";
}
