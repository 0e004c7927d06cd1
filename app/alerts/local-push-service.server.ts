// The local push service (/dev/push, docs/decisions/057-web-push.md): in development it plays the browser's push
// service and key store. It makes a device's key pair and auth secret, hands the page a subscription whose
// endpoint is its own, and takes the app's pushes as a push service would: it checks the VAPID JWT, then decrypts
// the aes128gcm body with the device's private key and keeps the plaintext for /dev/push to list.
import { desc, eq, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { devPushDevices, devPushInbox } from "#app/db/schema";
import { base64Url, createRandomToken } from "#app/utils/crypto.server";
import { LOCAL_PUSH_PREFIX } from "#app/utils/request-guards.server";

import { decryptPush, fromBase64Url } from "./web-push.server";

const MAX_JWT_SECONDS = 24 * 60 * 60;
const INBOX_LIMIT = 100;

export const localEndpoint = (appUrl: string, deviceId: string) =>
  new URL(`${LOCAL_PUSH_PREFIX}${deviceId}`, appUrl).href;

export function localDeviceId(endpoint: string, appUrl: string): string | null {
  const url = new URL(endpoint);
  if (url.origin !== new URL(appUrl).origin || !url.pathname.startsWith(LOCAL_PUSH_PREFIX)) return null;
  const id = url.pathname.slice(LOCAL_PUSH_PREFIX.length);
  return /^[\w-]{16,64}$/.test(id) ? id : null;
}

/** A new device: what `PushManager.subscribe()` would give the page. */
export async function createLocalDevice(db: Db, appUrl: string) {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const privateKey = await crypto.subtle.exportKey("jwk", pair.privateKey);
  const p256dh = base64Url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const auth = base64Url(crypto.getRandomValues(new Uint8Array(16)));
  const id = createRandomToken(16);
  await db.insert(devPushDevices).values({ id, privateKey: JSON.stringify(privateKey), auth });
  return { endpoint: localEndpoint(appUrl, id), keys: { p256dh, auth } };
}

export type LocalPushReceipt = { status: 201 | 400 | 401 | 410 | 415 };

/** What a push service answers: 410 for a device it no longer has, 401 for a bad VAPID JWT, 201 when kept. */
export async function receiveLocalPush(
  db: Db,
  {
    deviceId,
    endpoint,
    headers,
    body,
    vapidPublicKey,
    now,
  }: { deviceId: string; endpoint: string; headers: Headers; body: Uint8Array; vapidPublicKey: string; now: Date },
): Promise<LocalPushReceipt> {
  const device = await db.query.devPushDevices.findFirst({ where: eq(devPushDevices.id, deviceId) });
  if (!device) return { status: 410 };
  const subject = await verifyVapid(headers.get("authorization"), { endpoint, vapidPublicKey, now });
  if (subject === null) return { status: 401 };
  if (headers.get("content-encoding") !== "aes128gcm") return { status: 415 };
  const privateKey = JSON.parse(device.privateKey) as JsonWebKey;
  let payload: string;
  try {
    payload = await decryptPush(body, { privateKey, p256dh: publicPoint(privateKey), auth: device.auth });
  } catch {
    return { status: 400 };
  }
  await db.insert(devPushInbox).values({ deviceId, subject, payload, receivedAt: now });
  return { status: 201 };
}

function publicPoint(jwk: JsonWebKey): string {
  const point = new Uint8Array(65);
  point[0] = 4;
  point.set(fromBase64Url(jwk.x!), 1);
  point.set(fromBase64Url(jwk.y!), 33);
  return base64Url(point);
}

/** RFC 8292: the JWT is signed by `k`, which is the key the subscription was made for, for this origin, not expired. */
async function verifyVapid(
  authorization: string | null,
  { endpoint, vapidPublicKey, now }: { endpoint: string; vapidPublicKey: string; now: Date },
): Promise<string | null> {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) return null;
  const [, head, body, signature, k] = match as unknown as [string, string, string, string, string];
  if (k !== vapidPublicKey) return null;
  try {
    const key = await crypto.subtle.importKey("raw", fromBase64Url(k), { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    const signed = new TextEncoder().encode(`${head}.${body}`);
    if (!(await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromBase64Url(signature), signed)))
      return null;
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    const seconds = now.getTime() / 1000;
    const fresh = typeof claims.exp === "number" && claims.exp > seconds && claims.exp <= seconds + MAX_JWT_SECONDS;
    if (claims.aud !== new URL(endpoint).origin || !fresh || typeof claims.sub !== "string") return null;
    return claims.sub;
  } catch {
    return null;
  }
}

export type LocalPush = { id: number; deviceId: string; subject: string; payload: string; receivedAt: Date };

export function listLocalPushes(db: Db): Promise<LocalPush[]> {
  return db.select().from(devPushInbox).orderBy(desc(devPushInbox.id)).limit(INBOX_LIMIT);
}

export async function forgetLocalDevice(db: Db, deviceId: string) {
  await db.run(sql`delete from dev_push_devices where id = ${deviceId}`);
}
