/**
 * A real AppLoadContext on a test D1 (see tests/d1.ts), built like load-context.ts
 * builds it for a request, with the local variables of wrangler.toml.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { createPushTransport, type PushTransport } from "#app/alerts/push-transport.server";
import { createDb } from "#app/db/client.server";
import { openReadSession } from "#app/db/read-session.server";
import { createFeedClientFromEnv, type FeedClient } from "#app/feed/feed-client.server";
import { createI18nServer } from "#app/i18n.server";
import { createDevTransport, type MailTransport } from "#app/mail/mail-transports.server";
import type { JobQueue } from "#app/operations/jobs.server";
import { unboundRenderer } from "#app/orders/document-renderer.server";
import { applyPaymentWebhook } from "#app/orders/order-payment.server";
import type { PaymentProvider } from "#app/payments/provider.server";
import { createSimulatorProvider } from "#app/payments/simulator.server";
import type { SignedEvent } from "#app/payments/simulator-charges.server";
import { type Env, parseEnv } from "#app/utils/env.server";
import type { Job } from "#app/utils/queue-jobs.server";
import { createNonce } from "#app/utils/security-headers.server";

import type { Documents } from "../load-context";

/** The [vars] of wrangler.toml. */
export const LOCAL_VARS = {
  APP_ENV: "local",
  APP_URL: "http://localhost:8787",
  SESSION_SECRET: "local-development-only-not-a-secret",
  MAIL_TRANSPORT: "dev",
  MAIL_FROM: "JetMalin <reservations@jetmalin.test>",
  STAFF_EMAIL: "reservations@jetmalin.test",
  PAYMENT_PROVIDER: "simulator",
  STRIPE_WEBHOOK_SECRET: "whsec_local_simulator_not_a_secret",
  HOLD_MINUTES: "30",
  SIMULATOR_CAPTURE_DAYS: "7",
} as const satisfies Omit<Env, "DB">;

export function createTestContext({
  d1,
  now = () => new Date(),
  transport = createDevTransport(),
  vars = {},
  feed,
  payments,
  jobs = null,
  push,
  documents,
  request = new Request(LOCAL_VARS.APP_URL),
}: {
  d1: D1Database;
  /** The clock: a fixed date, or a function a test can move. */
  now?: Date | (() => Date);
  /** The mail transport; dev by default. See `failingTransport` and `recordingTransport`. */
  transport?: MailTransport;
  /** Overrides of the local variables, e.g. `{ APP_ENV: "production", ... }`. */
  vars?: Partial<Omit<Env, "DB">>;
  /** The feed client; the in-process simulator by default. */
  feed?: FeedClient;
  /** The payment provider; the simulator on this D1 by default, whatever PAYMENT_PROVIDER says (no test talks to Stripe). */
  payments?: PaymentProvider;
  /** The jobs queue; none by default (mails and alerts go out inline). See `recordingQueue`. */
  jobs?: JobQueue | null;
  /** Where pushes go; the app's own transport by default (the local push service for its endpoints). */
  push?: PushTransport;
  /**
   * Where PDFs are drawn and stored: none by default (a document is numbered with its snapshot, its drawing fails
   * and is logged, as without the documents Worker); `testDocuments()` (tests/documents.ts) draws in process and
   * stores in the local R2 bucket.
   */
  documents?: Documents;
  /** The request the context is for: its method and `jm_d1` cookie open the read session (decision 019). */
  request?: Request;
}): AppLoadContext {
  const raw: Env = { DB: d1, ...LOCAL_VARS, ...vars };
  const env = parseEnv(raw);
  const db = createDb(d1);
  const clock = typeof now === "function" ? now : () => now;
  const readSession = openReadSession(d1, request, { secure: !env.isLocal });
  /** The simulator's refunds post their `charge.refunded` to the webhook's path at once (awaited, unlike Stripe). */
  const deliver = async (event: SignedEvent) => {
    const outcome = await applyPaymentWebhook(context, event.rawBody, event.signature);
    if (!outcome.ok) throw new Error(`the webhook refused ${event.type}: ${outcome.reason}`);
  };
  const context: AppLoadContext = {
    cloudflare: { env: raw, ctx: { waitUntil: () => {}, passThroughOnException: () => {} } },
    env,
    db,
    readDb: readSession.db,
    readSession,
    cspNonce: createNonce(),
    i18n: createI18nServer({ secure: !env.isLocal }),
    now: clock,
    mailer: transport,
    push: push ?? createPushTransport(env, db, clock),
    feed: feed ?? createFeedClientFromEnv(env),
    requestId: "test-request",
    requestLog: { routeId: null, cache: null, isDataRequest: false, degraded: false },
    jobs,
    documents: documents ?? { renderer: unboundRenderer, bucket: null },
    payments:
      payments ??
      createSimulatorProvider({
        db,
        appUrl: env.APP_URL,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        now: clock,
        deliver,
      }),
  };
  return context;
}

/** Variables that pass parseEnv in production (placeholders, not real secrets). */
export const PRODUCTION_VARS = {
  APP_ENV: "production",
  APP_URL: "https://jetmalin.ch",
  SESSION_SECRET: "test-production-secret-0123456789abcdef",
  MAIL_TRANSPORT: "resend",
  MAIL_FROM: "JetMalin <reservations@jetmalin.ch>",
  STAFF_EMAIL: "reservations@jetmalin.ch",
  RESEND_API_KEY: "re_test_placeholder",
  FEED_TRANSPORT: "http",
  FEED_URL: "https://feed.example.test/v1/flights",
  FEED_TOKEN: "test-feed-token-placeholder",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_placeholder",
  STRIPE_WEBHOOK_SECRET: "whsec_test_production_placeholder",
  PERSONAL_DATA_KEYS: "test-2026:dGVzdC1wcm9kdWN0aW9uLWtleS1wbGFjZWhvbGRlci0=",
  HOLD_MINUTES: "30",
  SIMULATOR_CAPTURE_DAYS: "7",
  VAPID_PUBLIC_KEY: "BPzDJlB1tnXjnr3X2ZYxOw8Ba1oAt0zWDcDQ0uIKTwYcnFv7dW0Fgz3Y0X9xI7XvKUtyJ0VZqJ-GfKM0xkvNYxc",
  VAPID_PRIVATE_KEY: "test-production-vapid-placeholder-43-chars0",
} as const satisfies Omit<Env, "DB">;

/** A transport whose every delivery fails with `message` (a provider that is down). */
export function failingTransport(message = "provider unavailable"): MailTransport {
  return {
    name: "failing",
    async send() {
      throw new Error(message);
    },
  };
}

/**
 * A transport that accepts every mail and keeps it, to assert what left.
 * `fail` switches it to failing, to test a provider coming back.
 */
export function recordingTransport() {
  const sent: Parameters<MailTransport["send"]>[0][] = [];
  let failure: string | null = null;
  const transport: MailTransport & { sent: typeof sent; fail: (message: string | null) => void } = {
    name: "recording",
    sent,
    fail: (message) => {
      failure = message;
    },
    async send(mail) {
      if (failure) throw new Error(failure);
      sent.push(mail);
      return { providerMessageId: `recorded-${sent.length}` };
    },
  };
  return transport;
}

/**
 * A queue that keeps what is sent, for a test to hand to the consumer as real batches
 * (`jobBatch`), as Cloudflare would.
 */
export function recordingQueue(): JobQueue & { sent: Job[] } {
  const sent: Job[] = [];
  return {
    sent,
    send: async (job) => void sent.push(job),
    sendAll: async (jobs) => void sent.push(...jobs),
  };
}

export type RecordedMessage = Message<unknown> & { outcome: "acked" | "retried" | null; retryDelay?: number };

/**
 * A MessageBatch as the Queues runtime hands it to `queue()`: each message records
 * whether it was acknowledged or retried. `attempts` is the delivery's number (1 first).
 */
export function jobBatch(
  queue: string,
  bodies: unknown[],
  { attempts = 1 } = {},
): Omit<MessageBatch<unknown>, "messages"> & { messages: readonly RecordedMessage[] } {
  const messages = bodies.map((body, i): RecordedMessage => {
    const message: RecordedMessage = {
      id: `message-${i}-${Math.random().toString(36).slice(2)}`,
      timestamp: new Date(),
      body,
      attempts,
      outcome: null,
      ack: () => void (message.outcome = "acked"),
      retry: (options?: QueueRetryOptions) =>
        void ((message.outcome = "retried"), (message.retryDelay = options?.delaySeconds)),
    };
    return message;
  });
  return {
    queue,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => messages.forEach((message) => message.ack()),
    retryAll: (options?: QueueRetryOptions) => messages.forEach((message) => message.retry(options)),
  };
}
