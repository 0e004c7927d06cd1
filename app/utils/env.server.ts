import { z } from "zod";

/** Bindings and variables the Worker receives; see wrangler.toml and .dev.vars.example. */
export interface Env {
  DB: D1Database;
  ASSETS?: Fetcher;
  APP_ENV?: string;
  APP_URL?: string;
  SESSION_SECRET?: string;
}

const LOCAL_SESSION_SECRET = "local-development-only-not-a-secret";

const envSchema = z
  .object({
    APP_ENV: z.enum(["local", "production"]),
    APP_URL: z.url(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters"),
  })
  .refine(
    (env) => env.APP_ENV === "local" || env.SESSION_SECRET !== LOCAL_SESSION_SECRET,
    { path: ["SESSION_SECRET"], message: "the local default must not be used in production" },
  );

export type AppEnv = z.infer<typeof envSchema> & { isLocal: boolean };

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
        return value === undefined ? `${name}: missing` : `${name}: ${issue.message}`;
      }),
    );
  }
  return { ...result.data, isLocal: result.data.APP_ENV === "local" };
}
