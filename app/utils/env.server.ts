import { z, type Infer } from "#app/utils/zod";

/** Bindings and variables the Worker receives; see wrangler.toml and .dev.vars.example. */
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
}

const LOCAL_SESSION_SECRET = "local-development-only-not-a-secret";

const envSchema = z
  .object({
    APP_ENV: z.enum(["local", "production"]),
    APP_URL: z.url(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
    /** How mails leave: "dev" keeps them for /dev/mail, "resend" delivers them. */
    MAIL_TRANSPORT: z.enum(["dev", "resend"]).default("dev"),
    /** Sender of every mail, e.g. "JetMalin <reservations@jetmalin.ch>". */
    MAIL_FROM: z.string().regex(/^[^<>@]*<?[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>?$/, "must be an address or 'Name <address>'"),
    /** Internal recipient of staff notifications. */
    STAFF_EMAIL: z.email("must be an email address"),
    // An empty line in .dev.vars means "not set".
    RESEND_API_KEY: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
    /** Where flights come from: "http" asks FEED_URL, "simulator" answers in-process (docs/sync.md). */
    FEED_TRANSPORT: z.enum(["http", "simulator"]).default("simulator"),
    /** The operator feed's endpoint (a list of flights as JSON). */
    FEED_URL: z.url().default("http://localhost/feed-simulator/flights"),
    /** The feed's bearer token; secret. */
    FEED_TOKEN: z.string().min(1, "must not be empty").default("local-simulator-token"),
  })
  .refine(
    (env) => env.APP_ENV === "local" || env.SESSION_SECRET !== LOCAL_SESSION_SECRET,
    { path: ["SESSION_SECRET"], message: "the local default must not be used in production" },
  )
  .refine((env) => env.MAIL_TRANSPORT !== "resend" || env.RESEND_API_KEY !== undefined, {
    path: ["RESEND_API_KEY"],
    message: "required when MAIL_TRANSPORT is \"resend\" (npx wrangler secret put RESEND_API_KEY)",
  })
  .refine((env) => env.APP_ENV === "local" || env.FEED_TRANSPORT === "http", {
    path: ["FEED_TRANSPORT"],
    message: "the simulator is for local development: use \"http\" with FEED_URL and FEED_TOKEN in production",
  })
  .refine((env) => env.APP_ENV === "local" || (env.FEED_URL.startsWith("https://") && env.FEED_TOKEN !== "local-simulator-token"), {
    path: ["FEED_URL"],
    message: "production needs an https FEED_URL and a real FEED_TOKEN (npx wrangler secret put FEED_TOKEN)",
  })
  .refine((env) => env.APP_ENV === "local" || env.MAIL_TRANSPORT !== "dev", {
    path: ["MAIL_TRANSPORT"],
    message: "the dev transport keeps mails instead of sending them: use \"resend\" in production",
  });

export type AppEnv = Infer<typeof envSchema> & { isLocal: boolean };

export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join("; ")}`);
    this.name = "InvalidEnvError";
  }
}

/** Validates the variables of one request; the error names every missing or bad variable. */
export function parseEnv(raw: Env): AppEnv {
  if (!raw.DB) throw new InvalidEnvError(["DB: the D1 binding is missing"]);
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new InvalidEnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "env";
        const value = (raw as unknown as Record<string, unknown>)[name];
        // A refinement explains itself ("required when ..."); a plain absence is "missing".
        return value === undefined && issue.code !== "custom" ? `${name}: missing` : `${name}: ${issue.message}`;
      }),
    );
  }
  return { ...result.data, isLocal: result.data.APP_ENV === "local" };
}
