// Personal fields sealed at rest (docs/decisions/049-sealed-fields.md): AES-256-GCM through Web
// Crypto, the key named by its id so keys can rotate, and the row and field bound in as additional
// data so a sealed value copied to another row does not open.
import { base64Url } from "./crypto.server";

/** `kid:base64key`, comma-separated, the first one sealing; the others only open what they sealed. */
export type Keyring = { current: string; keys: ReadonlyMap<string, CryptoKey> };

export class SealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SealError";
  }
}

const VERSION = "s1";
const encoder = new TextEncoder();

function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const padded = value
    .replaceAll("-", "+")
    .replaceAll("_", "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

/** The keyring of a secret such as `2026-11:<32 bytes in base64>,2026-05:<...>`; throws on a malformed one. */
export async function parseKeyring(secret: string): Promise<Keyring> {
  const entries = secret
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new SealError("the keyring is empty");
  const keys = new Map<string, CryptoKey>();
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const kid = entry.slice(0, colon);
    if (colon < 1 || !/^[\w-]{1,32}$/.test(kid)) throw new SealError("a key id is missing or malformed");
    const raw = fromBase64Url(entry.slice(colon + 1));
    if (raw.length !== 32) throw new SealError(`key ${kid} is not 32 bytes`);
    if (keys.has(kid)) throw new SealError(`key ${kid} is listed twice`);
    keys.set(kid, await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]));
  }
  return { current: entries[0]!.slice(0, entries[0]!.indexOf(":")), keys };
}

/** `s1.<kid>.<iv>.<ciphertext>`; `binding` names the row and field (e.g. `manifest:<id>:documentNumber`). */
export async function seal(plaintext: string, keyring: Keyring, binding: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = keyring.keys.get(keyring.current)!;
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(binding) },
    key,
    encoder.encode(plaintext),
  );
  return [VERSION, keyring.current, base64Url(iv), base64Url(new Uint8Array(sealed))].join(".");
}

/** The plaintext; a SealError for an unknown key id, another binding, or a value that was altered. */
export async function unseal(sealed: string, keyring: Keyring, binding: string): Promise<string> {
  const [version, kid, iv, ciphertext, ...rest] = sealed.split(".");
  if (version !== VERSION || !kid || !iv || !ciphertext || rest.length > 0) throw new SealError("not a sealed value");
  const key = keyring.keys.get(kid);
  if (!key) throw new SealError(`unknown key id ${kid.slice(0, 32)}`);
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: encoder.encode(binding) },
      key,
      fromBase64Url(ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SealError("the value does not open with its key and binding");
  }
}

const keyrings = new Map<string, Promise<Keyring>>();

/** The keyring of this secret, imported once per isolate. */
export function keyringOf(secret: string): Promise<Keyring> {
  let keyring = keyrings.get(secret);
  if (!keyring) {
    keyring = parseKeyring(secret);
    keyrings.set(secret, keyring);
    // A refusal is not kept: the next request tries again (and says why in its error).
    keyring.catch(() => keyrings.delete(secret));
  }
  return keyring;
}
