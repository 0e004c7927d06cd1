// The newsletter's double opt-in. A mailed link's page asks for a click: mail scanners open links, and a consent must
// be the owner's act.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { allowRequest } from "#app/limits/request-limits.server";
import { sendMail } from "#app/mail/mail.server";
import type { ProfileLanguage } from "#app/utils/constants";
import { logError } from "#app/utils/request-log.server";
import { absoluteUrl } from "#app/utils/urls";

import {
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeFromNewsletter,
} from "./requests.queries.server";

export type SubscriptionRequestOutcome = { ok: true } | { ok: false; reason: "limited" | "failed" };
export type MailLinkOutcome = { ok: true } | { ok: false; reason: "invalidToken" };

/** The same answer in every case, so nobody learns who is subscribed. */
export async function requestSubscription(
  context: AppLoadContext,
  { email, language, ip }: { email: string; language: ProfileLanguage; ip: string },
): Promise<SubscriptionRequestOutcome> {
  try {
    if (!(await allowRequest(context, "newsletter", ip))) return { ok: false, reason: "limited" };
    const requested = await requestNewsletterSubscription(context.db, { email, language, ip, now: context.now() });
    if (requested.confirmToken) {
      const confirmUrl = absoluteUrl(context.env.APP_URL, "/newsletter/confirm", { token: requested.confirmToken });
      await sendMail(context, {
        to: requested.email,
        locale: language,
        template: "catalogue/newsletter-confirm",
        data: { confirmUrl },
      });
    }
    return { ok: true };
  } catch (error) {
    logError("newsletter.request-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

export async function confirmSubscription(
  context: AppLoadContext,
  { token, ip }: { token: string | null; ip: string },
): Promise<MailLinkOutcome> {
  const confirmed = token ? await confirmNewsletterSubscription(context.db, { token, ip, now: context.now() }) : null;
  if (!confirmed) return { ok: false, reason: "invalidToken" };
  const unsubscribeUrl = absoluteUrl(context.env.APP_URL, "/newsletter/unsubscribe", {
    token: confirmed.unsubscribeToken,
  });
  // The subscription stands even if the welcome mail has to wait for the outbox's retry.
  await sendMail(context, {
    to: confirmed.email,
    locale: confirmed.language,
    template: "catalogue/newsletter-welcome",
    data: { unsubscribeUrl },
  });
  return { ok: true };
}

export async function cancelSubscription(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<MailLinkOutcome> {
  const cancelled = token ? await unsubscribeFromNewsletter(context.db, { token, now: context.now() }) : false;
  return cancelled ? { ok: true } : { ok: false, reason: "invalidToken" };
}
