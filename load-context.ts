import type { AppLoadContext } from "@remix-run/cloudflare";

import { getUser } from "#app/accounts/session.server";
import { createPushTransport, type PushTransport } from "#app/alerts/push-transport.server";
import { createFeedClientFromEnv, type FeedClient } from "#app/feed/feed-client.server";
import { createMailTransport, type MailTransport } from "#app/mail/mail-transports.server";
import { type JobQueue, jobQueueFrom } from "#app/operations/jobs.server";
import { type DocumentRenderer, unboundRenderer } from "#app/orders/document-renderer.server";
import { createPaymentProviderFromEnv } from "#app/payments/index.server";
import type { PaymentProvider } from "#app/payments/provider.server";
import { postToWebhook } from "#app/payments/simulator.server";

import { createDb, type Db } from "./app/db/client.server";
import { openReadSession, type ReadDb, type ReadSession } from "./app/db/read-session.server";
import { uiLanguageFor } from "./app/i18n";
import { createI18nServer } from "./app/i18n.server";
import { type AppEnv, type Env, parseEnv } from "./app/utils/env.server";
import { newRequestLogNotes, requestIdFor, type RequestLogNotes } from "./app/utils/request-log.server";
import { createNonce } from "./app/utils/security-headers.server";

export type Cloudflare = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Validated variables of this request. */
    env: AppEnv;
    /** The primary: every write, and every read but the catalogue's. */
    db: Db;
    /** The catalogue's reads (/home, /empty-legs), through a D1 session that may use read replicas (decision 019). */
    readDb: ReadDb;
    /** The session behind `readDb`, whose bookmark server.ts keeps in the visitor's `jm_d1` cookie. */
    readSession: ReadSession;
    /** Nonce of this response's Content-Security-Policy, put on Remix's scripts. */
    cspNonce: string;
    /** Language detection and server-side `t` for this request (docs/i18n.md). */
    i18n: ReturnType<typeof createI18nServer>;
    /** The clock: tests and the demo seed pass their own. */
    now: () => Date;
    /** How mails leave (app/mail/mail-transports.server.ts); use `sendMail`, not this. */
    mailer: MailTransport;
    /** Where the sync gets flights (app/feed/feed-client.server.ts): the operator's feed or the simulator. */
    feed: FeedClient;
    /** Who takes the payments (docs/payments.md): Stripe, or the simulator's /dev/pay page. Use orders/order-life.server.ts. */
    payments: PaymentProvider;
    /** This request's id: the X-Request-Id header, its log line, its error page and its error reports. */
    requestId: string;
    /** What its log line needs from deeper down (app/utils/request-log.server.ts). */
    requestLog: RequestLogNotes;
    /** Where Web Push goes (app/alerts/push-transport.server.ts); use the alerts' push service, not this. */
    push: PushTransport;
    /** Cloudflare Queues, for mails and alert fan-out (app/operations/jobs.server.ts); null without the binding. */
    jobs: JobQueue | null;
    /** The PDFs (decision 054): drawn by the documents Worker, receipts and credit notes stored in R2. */
    documents: Documents;
  }
}

export type Documents = { renderer: DocumentRenderer; bucket: R2Bucket | null };

/** The bindings of wrangler.toml; without the documents Worker (`vite dev` alone), drawing fails and says why. */
export function documentsFrom(env: Env): Documents {
  const renderer = env.DOCUMENT_RENDERER as unknown as DocumentRenderer | undefined;
  return { renderer: renderer ?? unboundRenderer, bucket: env.DOCUMENTS ?? null };
}

const validated = new WeakMap<Env, AppEnv>();

/** The variables checked once per env object (an isolate keeps it across requests). */
function validatedEnv(env: Env): AppEnv {
  let result = validated.get(env);
  if (!result) {
    result = parseEnv(env);
    validated.set(env, result);
  }
  return result;
}

/**
 * The one place the per-request context is built, for `wrangler dev`/production
 * (server.ts, which gives the request's id) and for `vite dev`
 * (cloudflareDevProxyVitePlugin). Throws InvalidEnvError naming each missing variable.
 */
export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare; requestId?: string };
}): AppLoadContext {
  const env = validatedEnv(context.cloudflare.env);
  const db = createDb(context.cloudflare.env.DB);
  const readSession = openReadSession(context.cloudflare.env.DB, request, { secure: !env.isLocal });
  const now = () => new Date();
  const loadContext: AppLoadContext = {
    cloudflare: context.cloudflare,
    env,
    db,
    readDb: readSession.db,
    readSession,
    cspNonce: createNonce(),
    i18n: createI18nServer({
      secure: !env.isLocal,
      // Step 3 of D7: the signed-in user's profile language (es shows English).
      findUserLanguage: async (request) => uiLanguageFor((await getUser(request, loadContext))?.language),
    }),
    now,
    mailer: createMailTransport(env),
    push: createPushTransport(env, db, now),
    feed: createFeedClientFromEnv(env),
    // The simulator posts its refunds' events to this server's own webhook path, as Stripe would.
    payments: createPaymentProviderFromEnv(
      env,
      db,
      now,
      postToWebhook(new URL("/webhooks/payments", request.url).href, (promise) =>
        context.cloudflare.ctx.waitUntil(promise),
      ),
    ),
    requestId: context.requestId ?? requestIdFor(request),
    requestLog: newRequestLogNotes(request),
    jobs: jobQueueFrom(context.cloudflare.env.JOBS),
    documents: documentsFrom(context.cloudflare.env),
  };
  return loadContext;
}
