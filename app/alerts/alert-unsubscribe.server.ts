// The alert mails' unsubscribe link: docs/decisions/018-one-click-unsubscribe.md. Its token is the user's id and an
// HMAC of it, so nothing is stored and every alert mail of a user carries the same link.
import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Language } from "#app/i18n";
import { constantTimeEqual, hmacSha256 } from "#app/utils/crypto.server";
import { logEvent } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import { countUserWatches, removeUserAlertSubscriptions } from "./alert-watches.queries.server";

export const ALERT_UNSUBSCRIBE_PATH = "/alerts/unsubscribe";
/** No other use of SESSION_SECRET signs this text. */
const PURPOSE = "alert-unsubscribe:v1:";

export type AlertUnsubscribeOutcome = { ok: true; removed: number } | { ok: false; reason: "invalidToken" };
export type AlertUnsubscribeState = "confirm" | "done" | "invalid";

/** The MAC has no dot, the id may. */
export async function createAlertUnsubscribeToken(secret: string, userId: string): Promise<string> {
  return `${userId}.${await hmacSha256(secret, PURPOSE + userId)}`;
}

export async function readAlertUnsubscribeToken(secret: string, token: string | null): Promise<string | null> {
  const dot = token?.lastIndexOf(".") ?? -1;
  if (!token || dot <= 0) return null;
  const userId = token.slice(0, dot);
  return constantTimeEqual(token, await createAlertUnsubscribeToken(secret, userId)) ? userId : null;
}

export async function alertUnsubscribeUrl(
  context: AppLoadContext,
  { userId, language }: { userId: string; language: Language },
) {
  const token = await createAlertUnsubscribeToken(context.env.SESSION_SECRET, userId);
  return absoluteUrl(context.env.APP_URL, ALERT_UNSUBSCRIBE_PATH, { token, lng: language });
}

export async function alertUnsubscribeState(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<AlertUnsubscribeState> {
  const userId = await readAlertUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (!userId) return "invalid";
  return (await countUserWatches(context.db, userId)) > 0 ? "confirm" : "done";
}

/** A second click, or one after the account was erased, removes nothing and is no error. */
export async function unsubscribeFromAlerts(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<AlertUnsubscribeOutcome> {
  const userId = await readAlertUnsubscribeToken(context.env.SESSION_SECRET, token);
  if (!userId) return { ok: false, reason: "invalidToken" };
  const removed = await removeUserAlertSubscriptions(context.db, userId);
  if (removed > 0) logEvent("info", "alerts.unsubscribed", { requestId: context.requestId, userId, removed });
  return { ok: true, removed };
}
