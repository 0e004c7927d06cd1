import type { Job } from "#app/utils/queue-jobs.server";
import { type Infer, z } from "#app/utils/zod";

export interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  APP_ENV?: string;
  APP_URL?: string;
  SESSION_SECRET?: string;
  MAIL_TRANSPORT?: string;
  MAIL_FROM?: string;
  STAFF_EMAIL?: string;
  RESEND_API_KEY?: string;
  FEED_TRANSPORT?: string;
  FEED_URL?: string;
  FEED_TOKEN?: string;
  PAYMENT_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  HOLD_MINUTES?: string;
  SIMULATOR_CAPTURE_DAYS?: string;
  SENTRY_DSN?: string;
  PERSONAL_DATA_KEYS?: string;
  PHASE_TIMING?: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_QUIET_HOURS?: string;
  JOBS?: Queue<Job>;
  /** The stored receipts and credit notes (decision 054). */
  DOCUMENTS?: R2Bucket;
  /** The documents Worker, which draws the PDFs (workers/documents/index.ts), reached by RPC. */
  DOCUMENT_RENDERER?: Fetcher;
}

const LOCAL_SESSION_SECRET = "local-development-only-not-a-secret";
const LOCAL_WEBHOOK_SECRET = "whsec_local_simulator_not_a_secret";
/** The 32 bytes of "local-development-only-key-32byt": seals the local D1's manifests, refused in production. */
export const LOCAL_PERSONAL_DATA_KEYS = "local:bG9jYWwtZGV2ZWxvcG1lbnQtb25seS1rZXktMzJieXQ=";
/** The local, non-secret VAPID key pair of wrangler.toml (docs/decisions/057-web-push.md); refused in production. */
export const LOCAL_VAPID_KEYS = {
  publicKey: "BEB66BIZZiUsopL3Bi6AR1QBcPqTTCUTCmf8wT8Vr1TUvFqzTmWxQCSeDD2Ze29I2QSItsh8hRI3CThyCZ6jRlE",
  privateKey: "f1atICLdFa9plTFAG5xDiC7K1MNF5G670YigNjlbBy8",
} as const;
const KEYRING_SHAPE = /^\s*[\w-]{1,32}:[A-Za-z0-9+/_=-]{43,44}\s*(,\s*[\w-]{1,32}:[A-Za-z0-9+/_=-]{43,44}\s*)*$/;
/** Checked here, not at the first manifest: a bad key would otherwise answer 500 until the next deploy. */
function isKeyring(value: string): boolean {
  const entries = value.split(",").map((entry) => entry.trim().split(":") as [string, string]);
  if (new Set(entries.map(([kid]) => kid)).size !== entries.length) return false;
  return entries.every(([, key]) => {
    try {
      return atob(key.replaceAll("-", "+").replaceAll("_", "/")).length === 32;
    } catch {
      return false;
    }
  });
}
// An empty line in .dev.vars means "not set".
const emptyAsUnset = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z
  .object({
    APP_ENV: z.enum(["local", "production"]),
    APP_URL: z.url(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    MAIL_TRANSPORT: z.enum(["dev", "resend"]).default("dev"),
    MAIL_FROM: z
      .string()
      .regex(/^[^<>@]*<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/, "must be an address or 'Name <address>'"),
    STAFF_EMAIL: z.email("must be an email address"),
    RESEND_API_KEY: z.preprocess(emptyAsUnset, z.string().optional()),
    FEED_TRANSPORT: z.enum(["http", "simulator"]).default("simulator"),
    FEED_URL: z.url().default("http://localhost/feed-simulator/flights"),
    FEED_TOKEN: z.string().min(1, "must not be empty").default("local-simulator-token"),
    PAYMENT_PROVIDER: z.preprocess(emptyAsUnset, z.enum(["simulator", "stripe"]).default("simulator")),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^(sk|rk)_\S+$/, "must be a Stripe secret key (sk_… or rk_…)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_…)")
        .default(LOCAL_WEBHOOK_SECRET),
    ),
    HOLD_MINUTES: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : emptyAsUnset(value)),
      z
        .string()
        .regex(/^\d{1,3}$/, "must be a whole number of minutes")
        .default("30")
        .transform(Number)
        .pipe(z.number().min(5, "must be at least 5 minutes").max(120, "must be at most 120 minutes")),
    ),
    /** Stripe's card authorisations last about 7 days (docs/payments.md 'The capture deadline'). */
    SIMULATOR_CAPTURE_DAYS: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : emptyAsUnset(value)),
      z
        .string()
        .regex(/^\d{1,2}$/, "must be a whole number of days")
        .default("7")
        .transform(Number)
        .pipe(z.number().min(1, "must be at least 1 day").max(30, "must be at most 30 days")),
    ),
    PERSONAL_DATA_KEYS: z
      .string()
      .regex(KEYRING_SHAPE, "must be key-id:base64-of-32-bytes, comma-separated, the sealing key first")
      .refine(isKeyring, "each key must decode to 32 bytes, each key id once")
      .default(LOCAL_PERSONAL_DATA_KEYS),
    /** An uncompressed P-256 point (65 bytes) and its scalar (32 bytes), base64url: `node scripts/vapid-keys.ts`. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/, "must be a P-256 public key, 65 bytes in base64url (node scripts/vapid-keys.ts)")
      .default(LOCAL_VAPID_KEYS.publicKey),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key, 32 bytes in base64url (node scripts/vapid-keys.ts)")
      .default(LOCAL_VAPID_KEYS.privateKey),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https: contact for the push services")
      .default("mailto:reservations@jetmalin.test"),
    /** "off" only for the browser tests, which run at any hour (the D1 tests prove the quiet hours). */
    PUSH_QUIET_HOURS: z.preprocess(emptyAsUnset, z.enum(["on", "off"]).default("on")),
    SENTRY_DSN: z.preprocess(
      emptyAsUnset,
      z
        .string()
        .regex(
          /^https:\/\/[^\s@/]+@[^\s@/]+\/(?:[^\s@/]+\/)*\d+$/,
          "must be a Sentry DSN (https://<key>@<host>/<project id>)",
        )
        .optional(),
    ),
  })
  .refine((env) => env.APP_ENV === "local" || env.SESSION_SECRET !== LOCAL_SESSION_SECRET, {
    path: ["SESSION_SECRET"],
    message: "the local default must not be used in production",
  })
  .refine((env) => env.MAIL_TRANSPORT !== "resend" || env.RESEND_API_KEY !== undefined, {
    path: ["RESEND_API_KEY"],
    message: 'required when MAIL_TRANSPORT is "resend" (npx wrangler secret put RESEND_API_KEY)',
  })
  .refine((env) => env.APP_ENV === "local" || env.FEED_TRANSPORT === "http", {
    path: ["FEED_TRANSPORT"],
    message: 'the simulator is for local development: use "http" with FEED_URL and FEED_TOKEN in production',
  })
  .refine(
    (env) =>
      env.APP_ENV === "local" || (env.FEED_URL.startsWith("https://") && env.FEED_TOKEN !== "local-simulator-token"),
    {
      path: ["FEED_URL"],
      message: "production needs an https FEED_URL and a real FEED_TOKEN (npx wrangler secret put FEED_TOKEN)",
    },
  )
  .refine((env) => env.APP_ENV === "local" || env.MAIL_TRANSPORT !== "dev", {
    path: ["MAIL_TRANSPORT"],
    message: 'the dev transport keeps mails instead of sending them: use "resend" in production',
  })
  .refine((env) => env.APP_ENV === "local" || env.PAYMENT_PROVIDER === "stripe", {
    path: ["PAYMENT_PROVIDER"],
    message: 'the simulator takes no money: use "stripe" in production',
  })
  .refine((env) => env.PAYMENT_PROVIDER !== "stripe" || env.STRIPE_SECRET_KEY !== undefined, {
    path: ["STRIPE_SECRET_KEY"],
    message: 'required when PAYMENT_PROVIDER is "stripe" (npx wrangler secret put STRIPE_SECRET_KEY)',
  })
  .refine((env) => env.APP_ENV === "local" || env.STRIPE_WEBHOOK_SECRET !== LOCAL_WEBHOOK_SECRET, {
    path: ["STRIPE_WEBHOOK_SECRET"],
    message: "the local default must not be used in production (npx wrangler secret put STRIPE_WEBHOOK_SECRET)",
  })
  .refine((env) => env.APP_ENV === "local" || env.PUSH_QUIET_HOURS === "on", {
    path: ["PUSH_QUIET_HOURS"],
    message: "customers are never pushed at night in production",
  })
  .refine((env) => env.APP_ENV === "local" || env.VAPID_PRIVATE_KEY !== LOCAL_VAPID_KEYS.privateKey, {
    path: ["VAPID_PRIVATE_KEY"],
    message: "the local key must not be used in production (npx wrangler secret put VAPID_PRIVATE_KEY)",
  })
  .refine(
    (env) => env.APP_ENV === "local" || !env.PERSONAL_DATA_KEYS.includes(LOCAL_PERSONAL_DATA_KEYS.split(":")[1]!),
    {
      path: ["PERSONAL_DATA_KEYS"],
      message: "the local key must not be used in production (npx wrangler secret put PERSONAL_DATA_KEYS)",
    },
  );

export type AppEnv = Infer<typeof envSchema> & { isLocal: boolean };

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join("; ")}`);
    this.name = "InvalidEnvError";
  }
}

export function parseEnv(raw: Env): AppEnv {
  if (!raw.DB) throw new InvalidEnvError(["DB: the D1 binding is missing"]);
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new InvalidEnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "env";
        const value = (raw as unknown as Record<string, unknown>)[name];
        return value === undefined && issue.code !== "custom" ? `${name}: missing` : `${name}: ${issue.message}`;
      }),
    );
  }
  return { ...result.data, isLocal: result.data.APP_ENV === "local" };
}
