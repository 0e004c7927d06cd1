// What every passkey ceremony shares (decision 038); the relying party comes from `APP_URL`, never the Host header.
import { type AppLoadContext, createCookie } from "@remix-run/cloudflare";
import type { AuthenticatorTransport, RegistrationResponseJSON } from "@simplewebauthn/server";
import { type AuthenticationResponseJSON, verifyAuthenticationResponse } from "@simplewebauthn/server";

import { LIVE_PASSKEY_CHALLENGES, startPasskeyTry } from "#app/limits/rate-limits.server";
import { clientNetwork } from "#app/utils/client-key.server";
import type { WebauthnPurpose } from "#app/utils/constants";
import { hostCookieName } from "#app/utils/cookies.server";
import { createRandomToken } from "#app/utils/crypto.server";
import { logEvent } from "#app/utils/request-log.server";

import {
  CHALLENGE_TTL_MS,
  findPasskeyByCredential,
  recordPasskeyUse,
  saveChallenge,
  type StoredPasskey,
  takeChallenge,
} from "./passkeys.queries.server";

export type PasskeyRefusal =
  "expired" | "invalidPasskey" | "unknownPasskey" | "counterBackwards" | "userVerificationRequired" | "rateLimited";

export function relyingParty(context: AppLoadContext) {
  const url = new URL(context.env.APP_URL);
  return { rpID: url.hostname, origin: url.origin, rpName: "JetMalin" };
}

export function webauthnCookie(context: AppLoadContext) {
  const secure = !context.env.isLocal;
  return createCookie(hostCookieName("jm_webauthn", { secure }), {
    path: "/",
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

export function isWebauthnToken(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,128}$/.test(value);
}

async function readWebauthnToken(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await webauthnCookie(context).parse(request.headers.get("Cookie"));
  return isWebauthnToken(value) ? value : null;
}

export async function issueChallenge(
  request: Request,
  context: AppLoadContext,
  {
    purpose,
    challenge,
    userId,
    ip,
  }: { purpose: WebauthnPurpose; challenge: string; userId: string | null; ip: string },
): Promise<string | null> {
  const token = (await readWebauthnToken(request, context)) ?? createRandomToken();
  const saved = await saveChallenge(context.db, {
    token,
    purpose,
    challenge,
    userId,
    network: clientNetwork(ip),
    ceiling: userId === null ? LIVE_PASSKEY_CHALLENGES.signIn : LIVE_PASSKEY_CHALLENGES.signedIn,
    now: context.now(),
  });
  return saved ? webauthnCookie(context).serialize(token) : null;
}

export async function takeBrowserChallenge(
  request: Request,
  context: AppLoadContext,
  { purpose, userId }: { purpose: WebauthnPurpose; userId: string | null },
): Promise<string | null> {
  const token = await readWebauthnToken(request, context);
  if (!token) return null;
  return takeChallenge(context.db, { token, purpose, userId, now: context.now() });
}

export function clearWebauthnCookie(context: AppLoadContext): Promise<string> {
  return webauthnCookie(context).serialize("", { maxAge: 0 });
}

export function parseCredentialJson<Response extends AuthenticationResponseJSON | RegistrationResponseJSON>(
  text: string,
): Response | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const { id, response } = value as { id?: unknown; response?: unknown };
    return typeof id === "string" && id.length <= 1024 && typeof response === "object" && response !== null
      ? (value as Response)
      : null;
  } catch {
    return null;
  }
}

export function refusalOf(error: unknown): PasskeyRefusal {
  const message = error instanceof Error ? error.message : "";
  const reason: PasskeyRefusal = /counter value/i.test(message)
    ? "counterBackwards"
    : /user verification (was )?required/i.test(message)
      ? "userVerificationRequired"
      : "invalidPasskey";
  // The library's words name the check that failed; its quoted values (challenges, an origin the sender chose) are left out.
  logEvent("warn", "auth.passkey-refused", { reason, check: message.replace(/"[^"]*"/g, '"…"').slice(0, 120) });
  return reason;
}

export function transportsOf(passkey: Pick<StoredPasskey, "transports">) {
  return passkey.transports ? (passkey.transports.split(",") as AuthenticatorTransport[]) : undefined;
}

export type AssertionOutcome =
  { ok: true; passkey: StoredPasskey; userVerified: boolean } | { ok: false; reason: PasskeyRefusal };

/** Counted as a failed sign-in of the network first (decision 007), given back when it passes. */
export async function checkAssertion(
  request: Request,
  context: AppLoadContext,
  { response, userId, ip }: { response: string; userId: string | null; ip: string },
): Promise<AssertionOutcome> {
  const attempt = await startPasskeyTry(context, ip);
  if (!attempt.allowed) return { ok: false, reason: "rateLimited" };
  const expectedChallenge = await takeBrowserChallenge(request, context, { purpose: "authenticate", userId });
  if (!expectedChallenge) {
    await attempt.giveBack();
    return { ok: false, reason: "expired" };
  }
  const answer = parseCredentialJson<AuthenticationResponseJSON>(response);
  if (!answer) return { ok: false, reason: "invalidPasskey" };
  const passkey = await findPasskeyByCredential(context.db, answer.id);
  // Another user's passkey is as unknown here as a removed one.
  if (!passkey || (userId !== null && passkey.userId !== userId)) return { ok: false, reason: "unknownPasskey" };
  const { rpID, origin } = relyingParty(context);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: passkey.publicKey,
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
  if (!verification.verified) return { ok: false, reason: "invalidPasskey" };
  const { newCounter, userVerified } = verification.authenticationInfo;
  const recorded = await recordPasskeyUse(context.db, {
    id: passkey.id,
    readCounter: passkey.counter,
    newCounter,
    now: context.now(),
  });
  // Another answer moved the counter between the read and this write: the same signature twice.
  if (!recorded) return { ok: false, reason: "counterBackwards" };
  await attempt.giveBack();
  return { ok: true, passkey, userVerified };
}
