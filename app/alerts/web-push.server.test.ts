import { describe, expect, it } from "vitest";

import { base64Url } from "#app/utils/crypto.server";

import {
  buildPushRequest,
  decryptPush,
  fromBase64Url,
  pushAnswer,
  VAPID_LIFETIME_SECONDS,
  vapidAuthorization,
} from "./web-push.server";

// RFC 8291 section 5 and appendix A: the receiver's keys, the sender's, the salt and the message they make.
const RFC = {
  plaintext: "When I grow up, I want to be a watermelon",
  uaPrivate: "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94",
  uaPublic: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
  asPublic: "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
  auth: "BTBZMqHH6r4Tts7J_aSIgg",
  salt: "DGv6ra1nlYgDCS1FRnbzlw",
  body: "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN",
};

function receiverJwk(publicKey: string, d: string): JsonWebKey {
  const point = fromBase64Url(publicKey);
  return { kty: "EC", crv: "P-256", x: base64Url(point.slice(1, 33)), y: base64Url(point.slice(33)), d };
}
const rfcReceiver = { privateKey: receiverJwk(RFC.uaPublic, RFC.uaPrivate), p256dh: RFC.uaPublic, auth: RFC.auth };

describe("RFC 8291's published example", () => {
  it("is laid out as the RFC says: its salt, a 4096-octet record size and the sender's public key", () => {
    const body = fromBase64Url(RFC.body);
    expect(base64Url(body.slice(0, 16))).toBe(RFC.salt);
    expect(new DataView(body.buffer).getUint32(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(base64Url(body.slice(21, 86))).toBe(RFC.asPublic);
  });

  it("decrypts with the receiver's private key and auth secret to the RFC's plaintext", async () => {
    expect(await decryptPush(fromBase64Url(RFC.body), rfcReceiver)).toBe(RFC.plaintext);
  });

  it("refuses the example with one byte of its ciphertext changed, or another auth secret", async () => {
    const tampered = fromBase64Url(RFC.body);
    tampered[100] = tampered[100]! ^ 1;
    await expect(decryptPush(tampered, rfcReceiver)).rejects.toThrow();
    await expect(
      decryptPush(fromBase64Url(RFC.body), { ...rfcReceiver, auth: base64Url(new Uint8Array(16)) }),
    ).rejects.toThrow();
  });
});

describe("a push the Worker builds", () => {
  const vapid = {
    publicKey: "BEB66BIZZiUsopL3Bi6AR1QBcPqTTCUTCmf8wT8Vr1TUvFqzTmWxQCSeDD2Ze29I2QSItsh8hRI3CThyCZ6jRlE",
    privateKey: "f1atICLdFa9plTFAG5xDiC7K1MNF5G670YigNjlbBy8",
    subject: "mailto:reservations@jetmalin.test",
  };
  const target = { endpoint: "https://push.example.net/send/abc", p256dh: RFC.uaPublic, auth: RFC.auth };
  const now = new Date("2026-12-05T10:00:00Z");

  it("is encrypted for the RFC's receiver with a fresh salt and key, aes128gcm, padded to 4096 octets", async () => {
    const payload = { title: "Genève → Nice", url: "/checkout/f1" };
    const request = await buildPushRequest(target, payload, { vapid, now });
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(request.body.byteLength).toBe(4096);
    expect(base64Url(request.body.slice(0, 16))).not.toBe(RFC.salt);
    expect(JSON.parse(await decryptPush(request.body, rfcReceiver))).toEqual(payload);
  });

  it("carries a VAPID JWT whose signature verifies with the public key, for the push service's origin", async () => {
    const header = await vapidAuthorization(target.endpoint, vapid, now);
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, head, claims, signature, k] = match!;
    expect(k).toBe(vapid.publicKey);
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(head!)))).toEqual({ typ: "JWT", alg: "ES256" });
    expect(JSON.parse(new TextDecoder().decode(fromBase64Url(claims!)))).toEqual({
      aud: "https://push.example.net",
      exp: Date.parse("2026-12-05T22:00:00Z") / 1000,
      sub: "mailto:reservations@jetmalin.test",
    });
    expect(VAPID_LIFETIME_SECONDS).toBeLessThanOrEqual(24 * 60 * 60);
    const publicKey = await crypto.subtle.importKey(
      "raw",
      fromBase64Url(k!),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const signed = new TextEncoder().encode(`${head}.${claims}`);
    const verify = (bytes: Uint8Array<ArrayBuffer>) =>
      crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, publicKey, fromBase64Url(signature!), bytes);
    expect(await verify(signed)).toBe(true);
    signed[signed.length - 1] = signed[signed.length - 1]! ^ 1;
    expect(await verify(signed)).toBe(false);
  });

  it("reads 404 and 410 as a subscription gone, other refusals as a failure", () => {
    expect([201, 401, 403, 404, 410, 429, 500].map(pushAnswer)).toEqual([
      "delivered",
      "gone",
      "gone",
      "gone",
      "gone",
      "failed",
      "failed",
    ]);
  });
});
