import { describe, expect, it } from "vitest";
import { InvalidEnvError, parseEnv, type Env } from "./env.server";

const db = {} as D1Database;
const valid: Env = {
  DB: db,
  APP_ENV: "local",
  APP_URL: "http://localhost:8787",
  SESSION_SECRET: "local-development-only-not-a-secret",
};

describe("parseEnv", () => {
  it("accepts the local defaults of wrangler.toml", () => {
    expect(parseEnv(valid)).toMatchObject({ APP_ENV: "local", isLocal: true });
  });

  it("names each missing variable", () => {
    const error = (() => {
      try {
        parseEnv({ DB: db, APP_ENV: "local" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidEnvError);
    expect((error as Error).message).toContain("APP_URL: missing");
    expect((error as Error).message).toContain("SESSION_SECRET: missing");
  });

  it("refuses the local session secret in production", () => {
    expect(() => parseEnv({ ...valid, APP_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });

  it("refuses a missing D1 binding", () => {
    expect(() => parseEnv({ ...valid, DB: undefined as unknown as D1Database })).toThrow(/DB/);
  });
});
