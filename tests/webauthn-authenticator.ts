/**
 * A small software authenticator for the passkey tests (decision 038): an ES256 key pair
 * from Web Crypto, and the registration and assertion answers a browser would post,
 * built by hand (clientDataJSON, authenticatorData, a CBOR attestation "none", a DER
 * signature). Nothing of the library is mocked: the app verifies these as real ones.
 */
const encoder = new TextEncoder();

export function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

const uint32 = (value: number) =>
  new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

/** A CBOR head (major type and length), enough for the few values an attestation holds. */
function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return new Uint8Array([(major << 5) | length]);
  if (length < 256) return new Uint8Array([(major << 5) | 24, length]);
  return new Uint8Array([(major << 5) | 25, length >> 8, length & 255]);
}
const cborBytes = (bytes: Uint8Array) => concat(cborHead(2, bytes.length), bytes);
const cborText = (text: string) => concat(cborHead(3, encoder.encode(text).length), encoder.encode(text));

/** Web Crypto signs ECDSA as r‖s; WebAuthn carries it as a DER SEQUENCE of two INTEGERs. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const value = trimmed[0]! & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, value.length]), value);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export type SoftwarePasskey = Awaited<ReturnType<typeof createSoftwarePasskey>>;

/** What a ceremony is asked for: the options' base64url challenge, the page's origin, the relying party, user verification. */
type Ceremony = { challenge: string; origin?: string; rp?: string; userVerified?: boolean };
const ORIGIN = "http://localhost:8787";

/** A new passkey for `rpId`, held by this authenticator; `counter` is what it signs next. */
export async function createSoftwarePasskey({ rpId = "localhost", counter = 0 } = {}) {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const rawPublic = new Uint8Array(await crypto.subtle.exportKey("raw", keys.publicKey));
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
  const coseKey = concat(
    new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
    cborBytes(rawPublic.slice(1, 33)),
    new Uint8Array([0x22]),
    cborBytes(rawPublic.slice(33, 65)),
  );
  const state = { counter };
  const credential = { id: base64Url(credentialId), rawId: base64Url(credentialId), type: "public-key" };

  /** The authenticator data: the relying party's hash, the flags (the credential's data attested on registration), the counter. */
  async function authenticatorData(rp: string, userVerified: boolean, attested?: Uint8Array) {
    const flags = FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
    return concat(
      await sha256(encoder.encode(rp)),
      new Uint8Array([flags]),
      uint32(state.counter),
      attested ?? new Uint8Array(),
    );
  }
  const clientData = (type: string, challenge: string, origin: string) =>
    encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: credential.id,
    state,
    /** The answer to `navigator.credentials.create` for `challenge` (the options' base64url challenge). */
    async register({ challenge, origin = ORIGIN, rp = rpId, userVerified = true }: Ceremony) {
      const attested = concat(new Uint8Array(16), new Uint8Array([0, credentialId.length]), credentialId, coseKey);
      const authData = await authenticatorData(rp, userVerified, attested);
      const attestationObject = concat(
        new Uint8Array([0xa3]),
        cborText("fmt"),
        cborText("none"),
        cborText("attStmt"),
        new Uint8Array([0xa0]),
        cborText("authData"),
        cborBytes(authData),
      );
      if (state.counter > 0) state.counter++;
      return {
        ...credential,
        response: {
          clientDataJSON: base64Url(clientData("webauthn.create", challenge, origin)),
          attestationObject: base64Url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** The answer to `navigator.credentials.get`, signed with the current counter (then counted up). */
    async assert({
      challenge,
      origin = ORIGIN,
      rp = rpId,
      userVerified = true,
      userHandle = "",
    }: Ceremony & { userHandle?: string }) {
      const authData = await authenticatorData(rp, userVerified);
      const clientDataJSON = clientData("webauthn.get", challenge, origin);
      const signed = concat(authData, await sha256(clientDataJSON));
      const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, signed));
      if (state.counter > 0) state.counter++;
      return {
        ...credential,
        response: {
          clientDataJSON: base64Url(clientDataJSON),
          authenticatorData: base64Url(authData),
          signature: base64Url(derSignature(raw)),
          userHandle: userHandle ? base64Url(encoder.encode(userHandle)) : undefined,
        },
        clientExtensionResults: {},
      };
    },
  };
}
