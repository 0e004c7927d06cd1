import type { AppEnv } from "#app/utils/env.server";
import { getErrorMessage } from "#app/utils/error-message";

export type OutgoingMail = {
  outboxId: number;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** `send` throws when the mail is not accepted: the outbox turns that into a retry. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<{ providerMessageId: string | null }>;
}

/** The rendered mail already sits in mail_outbox, which /dev/mail shows: delivering it is marking it sent. */
export function createDevTransport(): MailTransport {
  return {
    name: "dev",
    async send() {
      return { providerMessageId: null };
    },
  };
}

export const RESEND_ENDPOINT = "https://api.resend.com/emails";
export const RESEND_TIMEOUT_MS = 10_000;
const ERROR_EXCERPT_LENGTH = 300;

/** Resend's REST API (https://resend.com/docs/api-reference/emails/send-email). */
export function createResendTransport({
  apiKey,
  from,
  fetch = globalThis.fetch,
  endpoint = RESEND_ENDPOINT,
  timeoutMs = RESEND_TIMEOUT_MS,
}: {
  apiKey: string;
  from: string;
  fetch?: typeof globalThis.fetch;
  endpoint?: string;
  timeoutMs?: number;
}): MailTransport {
  return {
    name: "resend",
    async send(mail) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${apiKey}`,
            "Content-Type": "application/json",
            // A retry after a lost answer must not send the mail twice (Resend keeps keys 24 h).
            "Idempotency-Key": `jetmalin-outbox-${mail.outboxId}`,
          },
          body: JSON.stringify({
            from,
            to: [mail.to],
            subject: mail.subject,
            html: mail.html,
            text: mail.text,
            ...(mail.headers ? { headers: mail.headers } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && error.name === "TimeoutError") {
          throw new Error(`Resend did not answer within ${timeoutMs / 1000} s`);
        }
        throw new Error(`Resend unreachable: ${getErrorMessage(error)}`);
      }
      const body = await response.text();
      if (!response.ok) {
        throw new Error(`Resend answered ${response.status}: ${body.slice(0, ERROR_EXCERPT_LENGTH)}`);
      }
      const id = (() => {
        try {
          return (JSON.parse(body) as { id?: unknown }).id;
        } catch {
          return undefined;
        }
      })();
      return { providerMessageId: typeof id === "string" ? id : null };
    },
  };
}

export function createMailTransport(env: AppEnv): MailTransport {
  if (env.MAIL_TRANSPORT === "resend") {
    // parseEnv refuses "resend" without a key; this guards direct callers.
    if (!env.RESEND_API_KEY) throw new Error("RESEND_API_KEY is required for the resend transport");
    return createResendTransport({ apiKey: env.RESEND_API_KEY, from: env.MAIL_FROM });
  }
  return createDevTransport();
}
