// The staff second factor: docs/decisions/027-staff-second-factor.md.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { renderSVG } from "uqr";

import { startSecondFactorTry } from "#app/limits/rate-limits.server";

import { credentialsOf } from "./passkeys.queries.server";
import { checkPassword } from "./password-check.server";
import {
  claimTotpStep,
  confirmSecondFactor,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  ensurePendingSecondFactor,
  findSecondFactor,
  replaceRecoveryCodes,
} from "./second-factors.queries.server";
import {
  currentSessionHash,
  forgetSessionLookup,
  getPendingSignIn,
  sessionHasStrongFactor,
  startSession,
} from "./session.server";
import { createTotpSecret, matchTotpStep, totpAuthUri } from "./totp.server";
import type { SessionUser } from "./users.queries.server";

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: read off paper without doubt. 31 characters, 10 of them: about 50 bits. */
const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function createRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    // 256 is not a multiple of 31: redraw the few bytes that would bias the letters.
    const letters = [...bytes].map((byte) => {
      let value = byte;
      while (value >= 248) value = crypto.getRandomValues(new Uint8Array(1))[0]!;
      return RECOVERY_ALPHABET[value % RECOVERY_ALPHABET.length];
    });
    return `${letters.slice(0, 5).join("")}-${letters.slice(5).join("")}`;
  });
}

export function normalizeRecoveryCode(code: string): string {
  const clean = code.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return clean.length === 10 ? `${clean.slice(0, 5)}-${clean.slice(5)}` : clean;
}

export type CodeRefusal = "invalidCode" | "replayedCode" | "rateLimited";

/** A right code and a replayed one give the try back: a replayed code was right once, it guesses nothing. */
export async function checkCode(
  context: AppLoadContext,
  { userId, code, ip }: { userId: string; code: string; ip: string },
): Promise<{ ok: true; usedRecoveryCode: boolean } | { ok: false; reason: CodeRefusal }> {
  const attempt = await startSecondFactorTry(context, userId, ip);
  if (!attempt.allowed) return { ok: false, reason: "rateLimited" };
  const factor = await findSecondFactor(context.db, userId);
  const now = context.now();
  const typed = code.replace(/\s/g, "");
  if (factor?.confirmedAt) {
    if (/^\d{6}$/.test(typed)) {
      const step = await matchTotpStep(factor.secret, typed, now);
      if (step !== null) {
        if (!(await claimTotpStep(context.db, userId, step))) {
          await attempt.giveBack();
          return { ok: false, reason: "replayedCode" };
        }
        await attempt.giveBack();
        return { ok: true, usedRecoveryCode: false };
      }
    } else if (await consumeRecoveryCode(context.db, userId, normalizeRecoveryCode(typed), now)) {
      await attempt.giveBack();
      return { ok: true, usedRecoveryCode: true };
    }
  }
  return { ok: false, reason: "invalidCode" };
}

export type SecondStepOutcome =
  | { ok: true; user: SessionUser; setCookie: string; recoveryCodesLeft: number | null }
  | { ok: false; reason: CodeRefusal | "expired" };

export async function completeSignIn(
  request: Request,
  context: AppLoadContext,
  { code, ip }: { code: string; ip: string },
): Promise<SecondStepOutcome> {
  const pending = await getPendingSignIn(request, context);
  if (!pending) return { ok: false, reason: "expired" };
  const checked = await checkCode(context, { userId: pending.user.id, code, ip });
  if (!checked.ok) return checked;
  const setCookie = await startSession(request, context, pending.user.id);
  const recoveryCodesLeft = checked.usedRecoveryCode
    ? await countUnusedRecoveryCodes(context.db, pending.user.id)
    : null;
  return { ok: true, user: pending.user, setCookie, recoveryCodesLeft };
}

export async function hasSecondFactor(context: AppLoadContext, userId: string) {
  return !!(await findSecondFactor(context.db, userId))?.confirmedAt;
}

export type EnrolmentView =
  { enrolled: false; secret: string; qrSvg: string } | { enrolled: true; confirmedAt: Date; recoveryCodesLeft: number };

export async function enrolmentView(context: AppLoadContext, user: SessionUser): Promise<EnrolmentView> {
  const existing = await findSecondFactor(context.db, user.id);
  if (existing?.confirmedAt) {
    return {
      enrolled: true,
      confirmedAt: existing.confirmedAt,
      recoveryCodesLeft: await countUnusedRecoveryCodes(context.db, user.id),
    };
  }
  const factor = existing ?? (await ensurePendingSecondFactor(context.db, user.id, createTotpSecret()));
  return {
    enrolled: false,
    secret: factor.secret,
    qrSvg: renderSVG(totpAuthUri(factor.secret, user.email), { border: 2 }),
  };
}

export type EnrolOutcome =
  | { ok: true; recoveryCodes: string[] }
  | { ok: false; reason: "invalidCode" | "replayedCode" | "rateLimited" | "alreadyEnrolled" };

export async function confirmEnrolment(
  request: Request,
  context: AppLoadContext,
  { user, code, ip }: { user: SessionUser; code: string; ip: string },
): Promise<EnrolOutcome> {
  const attempt = await startSecondFactorTry(context, user.id, ip);
  if (!attempt.allowed) return { ok: false, reason: "rateLimited" };
  const factor = await findSecondFactor(context.db, user.id);
  // A passkey is a factor too (decision 038): a session that did not pass it enrols nothing.
  const passkeyOwed =
    (await credentialsOf(context.db, user.id)).length > 0 && !(await sessionHasStrongFactor(request, context));
  if (factor?.confirmedAt || passkeyOwed) {
    await attempt.giveBack();
    return { ok: false, reason: "alreadyEnrolled" };
  }
  const now = context.now();
  const step = factor ? await matchTotpStep(factor.secret, code.replace(/\s/g, ""), now) : null;
  // A wrong code keeps the try counted.
  if (!factor || step === null) return { ok: false, reason: "invalidCode" };
  await attempt.giveBack();
  const recoveryCodes = createRecoveryCodes();
  const confirmed = await confirmSecondFactor(context.db, {
    userId: user.id,
    step,
    codes: recoveryCodes,
    keepSessionHash: await currentSessionHash(request, context),
    now,
  });
  forgetSessionLookup(context);
  return confirmed ? { ok: true, recoveryCodes } : { ok: false, reason: "replayedCode" };
}

export type ManageOutcome<Done> =
  ({ ok: true } & Done) | { ok: false; reason: CodeRefusal | "wrongPassword" | "notEnrolled" };

async function checkPasswordAndCode(
  context: AppLoadContext,
  { user, password, code, ip }: { user: SessionUser; password: string; code: string; ip: string },
): Promise<ManageOutcome<Record<never, never>>> {
  if (!(await findSecondFactor(context.db, user.id))?.confirmedAt) return { ok: false, reason: "notEnrolled" };
  const passwordChecked = await checkPassword(context, { user, password, ip });
  if (!passwordChecked.ok) return passwordChecked;
  const checked = await checkCode(context, { userId: user.id, code, ip });
  return checked.ok ? { ok: true } : checked;
}

export async function regenerateRecoveryCodes(
  context: AppLoadContext,
  input: { user: SessionUser; password: string; code: string; ip: string },
): Promise<ManageOutcome<{ recoveryCodes: string[] }>> {
  const checked = await checkPasswordAndCode(context, input);
  if (!checked.ok) return checked;
  const recoveryCodes = createRecoveryCodes();
  await replaceRecoveryCodes(context.db, input.user.id, recoveryCodes, context.now());
  return { ok: true, recoveryCodes };
}

export async function disableSecondFactor(
  context: AppLoadContext,
  input: { user: SessionUser; password: string; code: string; ip: string },
): Promise<ManageOutcome<Record<never, never>>> {
  const checked = await checkPasswordAndCode(context, input);
  if (!checked.ok) return checked;
  await deleteSecondFactor(context.db, input.user.id);
  forgetSessionLookup(context);
  return { ok: true };
}
