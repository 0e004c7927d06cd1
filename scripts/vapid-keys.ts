// A new VAPID key pair for Web Push (docs/decisions/057-web-push.md): `node scripts/vapid-keys.ts`.
import { Buffer } from "node:buffer";

// The public key goes in wrangler.toml's [env.production.vars], the private one in a secret.
const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
const publicKey = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey);
process.stdout.write(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${d}\n`);
