// Passkeys for every account: docs/decisions/038-passkeys.md; the ceremonies' shared checks are webauthn.server.ts's.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";

import { isStaff } from "#app/utils/permissions";

import {
  credentialsOf,
  deletePasskey,
  demotePasskeySessions,
  insertPasskey,
  listPasskeys,
  promoteSession,
} from "./passkeys.queries.server";
import { mayEnrol } from "./passkeys-guards.server";
import { checkPassword } from "./password-check.server";
import { findSecondFactor } from "./second-factors.queries.server";
import { currentSessionHash, forgetSessionLookup, sessionHasStrongFactor, startSession } from "./session.server";
import { findUserById, type SessionUser } from "./users.queries.server";
import {
  checkAssertion,
  clearWebauthnCookie,
  issueChallenge,
  parseCredentialJson,
  type PasskeyRefusal,
  refusalOf,
  relyingParty,
  takeBrowserChallenge,
  transportsOf,
} from "./webauthn.server";

type Options<Json> =
  | { ok: true; options: Json; setCookie: string }
  | { ok: false; reason: PasskeyRefusal | "verifyFirst" | "wrongPassword" | "tooManyChallenges" };

export async function passkeyFactorView(request: Request, context: AppLoadContext, userId: string) {
  return {
    count: (await credentialsOf(context.db, userId)).length,
    strong: await sessionHasStrongFactor(request, context),
  };
}

export async function hasPasskey(context: AppLoadContext, userId: string) {
  return (await credentialsOf(context.db, userId)).length > 0;
}

export async function passkeysOf(context: AppLoadContext, userId: string) {
  return listPasskeys(context.db, userId);
}

/** The password first: a stolen session cookie alone must not add the thief's passkey (it would outlive a reset). */
export async function registrationOptions(
  request: Request,
  context: AppLoadContext,
  { user, password, ip }: { user: SessionUser; password: string; ip: string },
): Promise<Options<PublicKeyCredentialCreationOptionsJSON>> {
  if (!(await mayEnrol(request, context, user))) return { ok: false, reason: "verifyFirst" };
  const checked = await checkPassword(context, { user, password, ip });
  if (!checked.ok) return checked;
  const { rpID, rpName } = relyingParty(context);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: (await credentialsOf(context.db, user.id)).map((passkey) => ({
      id: passkey.credentialId,
      transports: transportsOf(passkey),
    })),
    // A discoverable credential: the sign-in needs no email. Staff must verify the person.
    authenticatorSelection: {
      residentKey: "required",
      userVerification: isStaff(user.role) ? "required" : "preferred",
    },
  });
  const setCookie = await issueChallenge(request, context, {
    purpose: "register",
    challenge: options.challenge,
    userId: user.id,
    ip,
  });
  if (!setCookie) return { ok: false, reason: "tooManyChallenges" };
  return { ok: true, options, setCookie };
}

export type AddPasskeyOutcome =
  { ok: true; setCookie: string } | { ok: false; reason: PasskeyRefusal | "verifyFirst" | "alreadyRegistered" };

/** A staff member's first factor makes this session a passkey session and ends the others (decision 027). */
export async function addPasskey(
  request: Request,
  context: AppLoadContext,
  { user, name, response }: { user: SessionUser; name: string; response: string },
): Promise<AddPasskeyOutcome> {
  const staff = isStaff(user.role);
  const strongBefore = await sessionHasStrongFactor(request, context);
  if (!(await mayEnrol(request, context, user))) return { ok: false, reason: "verifyFirst" };
  const expectedChallenge = await takeBrowserChallenge(request, context, { purpose: "register", userId: user.id });
  if (!expectedChallenge) return { ok: false, reason: "expired" };
  const answer = parseCredentialJson<RegistrationResponseJSON>(response);
  if (!answer) return { ok: false, reason: "invalidPasskey" };
  const { rpID, origin } = relyingParty(context);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: staff,
    });
  } catch (error) {
    return { ok: false, reason: refusalOf(error) };
  }
  if (!verification.verified) return { ok: false, reason: "invalidPasskey" };
  const { credential } = verification.registrationInfo;
  const now = context.now();
  const inserted = await insertPasskey(context.db, {
    id: crypto.randomUUID(),
    userId: user.id,
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: (credential.transports ?? []).join(","),
    name,
    createdAt: now,
  });
  if (!inserted) return { ok: false, reason: "alreadyRegistered" };
  const sessionHash = await currentSessionHash(request, context);
  if (staff && !strongBefore && sessionHash) {
    await promoteSession(context.db, { userId: user.id, keepSessionHash: sessionHash, endOthers: true });
    forgetSessionLookup(context);
  }
  return { ok: true, setCookie: await clearWebauthnCookie(context) };
}

export async function authenticationOptions(
  request: Request,
  context: AppLoadContext,
  { user, ip }: { user: SessionUser | null; ip: string },
): Promise<Options<PublicKeyCredentialRequestOptionsJSON>> {
  const allowCredentials = user
    ? (await credentialsOf(context.db, user.id)).map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      }))
    : [];
  if (user && allowCredentials.length === 0) return { ok: false, reason: "unknownPasskey" };
  const { rpID } = relyingParty(context);
  const options = await generateAuthenticationOptions({ rpID, allowCredentials, userVerification: "preferred" });
  const setCookie = await issueChallenge(request, context, {
    purpose: "authenticate",
    challenge: options.challenge,
    userId: user?.id ?? null,
    ip,
  });
  if (!setCookie) return { ok: false, reason: "tooManyChallenges" };
  return { ok: true, options, setCookie };
}

export type PasskeySignInOutcome =
  | { ok: true; user: SessionUser; setCookie: string; secondStep: boolean; mustEnrol: boolean }
  | { ok: false; reason: PasskeyRefusal };

/** For staff a verified user (PIN, fingerprint, face) is the strong factor; unverified, the passkey counts as a password. */
export async function signInWithPasskey(
  request: Request,
  context: AppLoadContext,
  { response, ip }: { response: string; ip: string },
): Promise<PasskeySignInOutcome> {
  const checked = await checkAssertion(request, context, { response, userId: null, ip });
  if (!checked.ok) return checked;
  const user = await findUserById(context.db, checked.passkey.userId);
  if (!user) return { ok: false, reason: "unknownPasskey" };
  const strong = !isStaff(user.role) || checked.userVerified;
  const secondStep = !strong && !!(await findSecondFactor(context.db, user.id))?.confirmedAt;
  const setCookie = await startSession(request, context, user.id, {
    pending: secondStep,
    passkey: checked.userVerified,
  });
  return { ok: true, user, setCookie, secondStep, mustEnrol: !strong && !secondStep };
}

export async function confirmWithPasskey(
  request: Request,
  context: AppLoadContext,
  { user, response, ip }: { user: SessionUser; response: string; ip: string },
): Promise<{ ok: true } | { ok: false; reason: PasskeyRefusal }> {
  const checked = await checkAssertion(request, context, { response, userId: user.id, ip });
  if (!checked.ok) return checked;
  if (!checked.userVerified) return { ok: false, reason: "userVerificationRequired" };
  const sessionHash = await currentSessionHash(request, context);
  if (sessionHash)
    await promoteSession(context.db, { userId: user.id, keepSessionHash: sessionHash, endOthers: false });
  forgetSessionLookup(context);
  return { ok: true };
}

export type RemovePasskeyOutcome =
  | { ok: true }
  | { ok: false; reason: PasskeyRefusal | "verifyFirstToRemove" | "wrongPassword" | "samePasskey" | "notFound" };

/**
 * Staff remove a passkey only from a session that passed a strong factor, or with another passkey that verified the
 * person: otherwise a stolen password would remove the factor and the thief would enrol their own.
 */
export async function removePasskey(
  request: Request,
  context: AppLoadContext,
  input: { user: SessionUser; id: string; ip: string } & ({ password: string } | { response: string }),
): Promise<RemovePasskeyOutcome> {
  const { user, id, ip } = input;
  const factorOwed = isStaff(user.role) && !(await sessionHasStrongFactor(request, context));
  if ("response" in input) {
    const checked = await checkAssertion(request, context, { response: input.response, userId: user.id, ip });
    if (!checked.ok) return checked;
    if (factorOwed && !checked.userVerified) return { ok: false, reason: "verifyFirstToRemove" };
    if (checked.passkey.id === id) return { ok: false, reason: "samePasskey" };
  } else {
    if (factorOwed) return { ok: false, reason: "verifyFirstToRemove" };
    const checked = await checkPassword(context, { user, password: input.password, ip });
    if (!checked.ok) return checked;
  }
  if (!(await deletePasskey(context.db, user.id, id))) return { ok: false, reason: "notFound" };
  if (isStaff(user.role)) {
    // Without passkeys no session stands on one; otherwise this session, which just proved a strong factor, keeps it and
    // the others (a lost phone's among them) confirm again: no session says which passkey opened it.
    const keep =
      (await credentialsOf(context.db, user.id)).length > 0 ? await currentSessionHash(request, context) : null;
    await demotePasskeySessions(context.db, user.id, keep);
    forgetSessionLookup(context);
  }
  return { ok: true };
}
