/** The keys and the clock the Stripe tests share (stripe*.server.test.ts). */
export const SECRET_KEY = "sk_test_contract_key";
export const WEBHOOK_SECRET = "whsec_contract_test_secret";
export const NOW = new Date("2026-11-23T10:00:00Z");
export const NOW_SECONDS = 1_795_428_000; // 2026-11-23T10:00:00Z, written out
