/**
 * The newsletter's double opt-in: the footer's sign-up mails a confirmation link, the
 * owner's click on it subscribes and mails the welcome with the unsubscribe link, and
 * that link unsubscribes. Links open a page that asks for a click (mail scanners open
 * links too; a consent must be the owner's act).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ProfileLanguage } from "#app/utils/constants";
import {
  confirmNewsletterSubscription,
  requestNewsletterSubscription,
  unsubscribeFromNewsletter,
} from "./requests.queries.server";
import { absoluteUrl } from "#app/utils/urls";
import { sendMail } from "#app/mail/mail.server";
import { allowRequest } from "#app/limits/request-limits.server";
import { logError } from "#app/utils/request-log.server";

export type SubscriptionRequestOutcome = { ok: true } | { ok: false; reason: "limited" | "failed" };
export type MailLinkOutcome = { ok: true } | { ok: false; reason: "invalidToken" };

/**
 * The footer's sign-up: a mail with the confirmation link, unless the address is
 * already subscribed or had one less than 10 minutes ago. The answer is the same in
 * every case, so nobody learns who is subscribed.
 */
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

/**
 * The owner's click on the confirmation link: subscribed, with the proof kept (time
 * and IP), and the welcome mail sent. `token` is null when the link had none usable.
 */
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

/** The unsubscribe link's button, or a mail client's one-click POST. */
export async function cancelSubscription(
  context: AppLoadContext,
  { token }: { token: string | null },
): Promise<MailLinkOutcome> {
  const cancelled = token ? await unsubscribeFromNewsletter(context.db, { token, now: context.now() }) : false;
  return cancelled ? { ok: true } : { ok: false, reason: "invalidToken" };
}
