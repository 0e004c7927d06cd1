import { describe, expect, it } from "vitest";

import { type Env, InvalidEnvError, parseEnv } from "./env.server";

const db = {} as D1Database;
const valid: Env = {
  DB: db,
  APP_ENV: "local",
  APP_URL: "http://localhost:8787",
  SESSION_SECRET: "local-development-only-not-a-secret",
  MAIL_TRANSPORT: "dev",
  MAIL_FROM: "JetMalin <reservations@jetmalin.test>",
  STAFF_EMAIL: "reservations@jetmalin.test",
};
const production: Env = {
  ...valid,
  APP_ENV: "production",
  SESSION_SECRET: "a-real-random-production-secret-of-48-characters",
  MAIL_TRANSPORT: "resend",
  MAIL_FROM: "JetMalin <reservations@jetmalin.ch>",
  STAFF_EMAIL: "reservations@jetmalin.ch",
  RESEND_API_KEY: "re_123",
  FEED_TRANSPORT: "http",
  FEED_URL: "https://feed.operator.example/v1/empty-legs",
  FEED_TOKEN: "a-real-feed-token",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_placeholder",
  STRIPE_WEBHOOK_SECRET: "whsec_real_endpoint_secret",
  PERSONAL_DATA_KEYS: "2026-11:cHJvZHVjdGlvbi1rZXktb2YtMzItYnl0ZXMtLS0tLS0=",
  VAPID_PUBLIC_KEY: "BPzDJlB1tnXjnr3X2ZYxOw8Ba1oAt0zWDcDQ0uIKTwYcnFv7dW0Fgz3Y0X9xI7XvKUtyJ0VZqJ-GfKM0xkvNYxc",
  VAPID_PRIVATE_KEY: "production-vapid-private-key-of-43-chars-aa",
  VAPID_SUBJECT: "mailto:reservations@jetmalin.ch",
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

  it("refuses the local personal-data key in production, and a keyring of the wrong shape anywhere", () => {
    expect(() => parseEnv({ ...production, PERSONAL_DATA_KEYS: undefined })).toThrow(
      /PERSONAL_DATA_KEYS: the local key/,
    );
    expect(() =>
      parseEnv({
        ...production,
        PERSONAL_DATA_KEYS: `new:cHJvZHVjdGlvbi1rZXktb2YtMzItYnl0ZXMtLS0tLS0=,local:bG9jYWwtZGV2ZWxvcG1lbnQtb25seS1rZXktMzJieXQ=`,
      }),
    ).toThrow(/PERSONAL_DATA_KEYS/);
    expect(() => parseEnv({ ...valid, PERSONAL_DATA_KEYS: "no-key-id" })).toThrow(/PERSONAL_DATA_KEYS: must be key-id/);
    // 33 bytes, and one key id twice: refused at start, not at the first manifest.
    const key33 = btoa("x".repeat(33));
    expect(() => parseEnv({ ...valid, PERSONAL_DATA_KEYS: `a:${key33}` })).toThrow(/decode to 32 bytes/);
    const key32 = btoa("y".repeat(32));
    expect(() => parseEnv({ ...valid, PERSONAL_DATA_KEYS: `a:${key32},a:${key32}` })).toThrow(/each key id once/);
    expect(parseEnv(production).PERSONAL_DATA_KEYS).toBe(production.PERSONAL_DATA_KEYS);
  });

  it("refuses the local VAPID key in production, and keys or a contact of the wrong shape anywhere", () => {
    expect(() => parseEnv({ ...production, VAPID_PRIVATE_KEY: undefined })).toThrow(/VAPID_PRIVATE_KEY: the local key/);
    expect(() => parseEnv({ ...valid, VAPID_PUBLIC_KEY: "not-a-key" })).toThrow(/VAPID_PUBLIC_KEY: must be a P-256/);
    expect(() => parseEnv({ ...valid, VAPID_PRIVATE_KEY: "short" })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256/);
    expect(() => parseEnv({ ...valid, VAPID_SUBJECT: "reservations@jetmalin.ch" })).toThrow(/VAPID_SUBJECT/);
    expect(parseEnv(production).VAPID_SUBJECT).toBe("mailto:reservations@jetmalin.ch");
    expect(() => parseEnv({ ...production, PUSH_QUIET_HOURS: "off" })).toThrow(/PUSH_QUIET_HOURS: customers are never/);
  });

  it("refuses the local session secret in production", () => {
    expect(() => parseEnv({ ...valid, APP_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });

  it("accepts a production configuration with Resend", () => {
    expect(parseEnv(production)).toMatchObject({ isLocal: false, MAIL_TRANSPORT: "resend", RESEND_API_KEY: "re_123" });
  });

  it("refuses the feed simulator, a plain-http feed or the local token in production", () => {
    expect(() => parseEnv({ ...production, FEED_TRANSPORT: "simulator" })).toThrow(
      /FEED_TRANSPORT: the simulator is for local development/,
    );
    expect(() => parseEnv({ ...production, FEED_URL: "http://feed.operator.example/" })).toThrow(
      /FEED_URL: production needs an https FEED_URL/,
    );
    expect(() => parseEnv({ ...production, FEED_TOKEN: undefined })).toThrow(
      /FEED_URL: production needs .* a real FEED_TOKEN/,
    );
  });

  it("defaults to the feed simulator locally", () => {
    expect(parseEnv(valid)).toMatchObject({ FEED_TRANSPORT: "simulator", FEED_TOKEN: "local-simulator-token" });
  });

  it("defaults to the dev mail transport locally", () => {
    expect(parseEnv({ ...valid, MAIL_TRANSPORT: undefined }).MAIL_TRANSPORT).toBe("dev");
  });

  it("requires RESEND_API_KEY with the resend transport, and says so", () => {
    expect(() => parseEnv({ ...valid, MAIL_TRANSPORT: "resend" })).toThrow(
      /RESEND_API_KEY: required when MAIL_TRANSPORT is "resend"/,
    );
  });

  it("reads an empty RESEND_API_KEY as not set", () => {
    expect(() => parseEnv({ ...valid, MAIL_TRANSPORT: "resend", RESEND_API_KEY: "" })).toThrow(
      /RESEND_API_KEY: required/,
    );
  });

  it("refuses the dev mail transport in production, also by default", () => {
    expect(() => parseEnv({ ...production, MAIL_TRANSPORT: "dev" })).toThrow(/MAIL_TRANSPORT: the dev transport/);
    expect(() => parseEnv({ ...production, MAIL_TRANSPORT: undefined })).toThrow(/MAIL_TRANSPORT/);
  });

  it("refuses an unknown transport and bad addresses", () => {
    expect(() => parseEnv({ ...valid, MAIL_TRANSPORT: "smtp" })).toThrow(/MAIL_TRANSPORT/);
    expect(() => parseEnv({ ...valid, STAFF_EMAIL: "staff" })).toThrow(/STAFF_EMAIL/);
    expect(() => parseEnv({ ...valid, MAIL_FROM: "JetMalin" })).toThrow(/MAIL_FROM/);
    expect(() => parseEnv({ ...valid, MAIL_FROM: undefined })).toThrow(/MAIL_FROM: missing/);
  });

  it("accepts a bare sender address", () => {
    expect(parseEnv({ ...valid, MAIL_FROM: "reservations@jetmalin.ch" }).MAIL_FROM).toBe("reservations@jetmalin.ch");
  });

  it("defaults to the payment simulator, its local webhook secret and a 30-minute hold locally", () => {
    expect(parseEnv(valid)).toMatchObject({
      PAYMENT_PROVIDER: "simulator",
      STRIPE_WEBHOOK_SECRET: "whsec_local_simulator_not_a_secret",
      HOLD_MINUTES: 30,
    });
    expect(parseEnv(valid).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("accepts a production configuration with Stripe", () => {
    expect(parseEnv(production)).toMatchObject({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_live_placeholder",
      STRIPE_WEBHOOK_SECRET: "whsec_real_endpoint_secret",
    });
  });

  it("refuses the payment simulator in production, also by default", () => {
    expect(() => parseEnv({ ...production, PAYMENT_PROVIDER: "simulator" })).toThrow(
      /PAYMENT_PROVIDER: the simulator takes no money/,
    );
    expect(() => parseEnv({ ...production, PAYMENT_PROVIDER: undefined })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseEnv({ ...valid, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
  });

  it("requires STRIPE_SECRET_KEY with Stripe, and says so", () => {
    expect(() => parseEnv({ ...valid, PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is "stripe"/,
    );
    expect(() => parseEnv({ ...production, STRIPE_SECRET_KEY: "" })).toThrow(/STRIPE_SECRET_KEY: required/);
    expect(() => parseEnv({ ...production, STRIPE_SECRET_KEY: "pk_live_publishable" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(parseEnv({ ...valid, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_123" }).PAYMENT_PROVIDER).toBe(
      "stripe",
    );
  });

  it("refuses the local webhook secret in production, also by default", () => {
    expect(() => parseEnv({ ...production, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(
      /STRIPE_WEBHOOK_SECRET: the local default must not be used in production/,
    );
    expect(() => parseEnv({ ...production, STRIPE_WEBHOOK_SECRET: "whsec_local_simulator_not_a_secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...valid, STRIPE_WEBHOOK_SECRET: "not-a-signing-secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
  });

  it("reads HOLD_MINUTES as whole minutes between 5 and 120", () => {
    expect(parseEnv({ ...valid, HOLD_MINUTES: "45" }).HOLD_MINUTES).toBe(45);
    expect(parseEnv({ ...valid, HOLD_MINUTES: "5" }).HOLD_MINUTES).toBe(5);
    expect(parseEnv({ ...valid, HOLD_MINUTES: "120" }).HOLD_MINUTES).toBe(120);
    expect(parseEnv({ ...valid, HOLD_MINUTES: "" }).HOLD_MINUTES).toBe(30);
    expect(() => parseEnv({ ...valid, HOLD_MINUTES: "4" })).toThrow(/HOLD_MINUTES: must be at least 5 minutes/);
    expect(() => parseEnv({ ...valid, HOLD_MINUTES: "121" })).toThrow(/HOLD_MINUTES: must be at most 120 minutes/);
    for (const bad of ["30.5", "-10", "1e2", "0x1e", " 30", "thirty"]) {
      expect(() => parseEnv({ ...valid, HOLD_MINUTES: bad }), bad).toThrow(
        /HOLD_MINUTES: must be a whole number of minutes/,
      );
    }
  });

  it("takes an optional Sentry DSN: unset or empty is none, a malformed one is refused", () => {
    expect(parseEnv(production).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ ...production, SENTRY_DSN: "" }).SENTRY_DSN).toBeUndefined();
    const dsn = "https://0123456789abcdef@o123456.ingest.de.sentry.io/4508000000000000";
    expect(parseEnv({ ...production, SENTRY_DSN: dsn }).SENTRY_DSN).toBe(dsn);
    for (const bad of [
      "http://key@o1.ingest.sentry.io/1",
      "https://o1.ingest.sentry.io/1",
      "https://key@o1.ingest.sentry.io/",
      "sentry",
    ]) {
      expect(() => parseEnv({ ...production, SENTRY_DSN: bad }), bad).toThrow(/SENTRY_DSN: must be a Sentry DSN/);
    }
  });

  it("refuses a missing D1 binding", () => {
    expect(() => parseEnv({ ...valid, DB: undefined as unknown as D1Database })).toThrow(/DB/);
  });
});
