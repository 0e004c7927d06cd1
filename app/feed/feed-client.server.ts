// The operator feed's HTTP client (docs/sync.md 'The feed client'): it only fetches and classifies, the sync decides
// what to write.
import type { AppEnv } from "#app/utils/env.server";
import { logError } from "#app/utils/request-log.server";

import { handleFeedRequest } from "./feed-simulator";

export const FEED_TIMEOUT_MS = 60_000;
export const FEED_MAX_ATTEMPTS = 3;
export const FEED_BACKOFF = { baseMs: 2_000, jitterMs: 1_000, capMs: 10_000 } as const;

export type FeedFailure =
  | { kind: "timeout" }
  | { kind: "network" }
  | { kind: "http"; status: number; message: string }
  | { kind: "noData" }
  | { kind: "unexpected" };

export type FeedFetchResult =
  { ok: true; flights: unknown[]; attempts: number } | { ok: false; failure: FeedFailure; attempts: number };

export type FeedClient = { name: string; fetchFlights: () => Promise<FeedFetchResult> };

type Fetch = (request: Request) => Promise<Response>;

/** `attempt` is 1-based. */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  return Math.min(
    FEED_BACKOFF.capMs,
    FEED_BACKOFF.baseMs * 2 ** (attempt - 1) + Math.floor(random() * FEED_BACKOFF.jitterMs),
  );
}

class RetryableError extends Error {
  constructor(readonly failure: FeedFailure) {
    super(failure.kind);
  }
}

async function readErrorResponseMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => "")).slice(0, 2_000);
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown };
    const message = body.message ?? body.error;
    if (typeof message === "string" && message.trim()) return message.trim().slice(0, 200);
  } catch {
    // not JSON: the status text says enough
  }
  return response.statusText || "HTTP error";
}

export function createFeedClient({
  url,
  token,
  fetch: doFetch,
  timeoutMs = FEED_TIMEOUT_MS,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random = Math.random,
  name = "http",
}: {
  url: string;
  token: string;
  fetch: Fetch;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  name?: string;
}): FeedClient {
  async function attempt(): Promise<unknown[]> {
    let response: Response;
    try {
      response = await doFetch(
        new Request(url, {
          headers: { Authorization: `Bearer ${token}`, Accept: "application/json" },
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new RetryableError(timedOut ? { kind: "timeout" } : { kind: "network" });
    }
    if (response.status >= 500) {
      throw new RetryableError({
        kind: "http",
        status: response.status,
        message: await readErrorResponseMessage(response),
      });
    }
    if (!response.ok) {
      // A 4xx will not get better by asking again.
      throw {
        kind: "http",
        status: response.status,
        message: await readErrorResponseMessage(response),
      } satisfies FeedFailure;
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new RetryableError({ kind: "timeout" });
      }
      throw { kind: "noData" } satisfies FeedFailure;
    }
    // The feed answers a list; some proxies wrap it as { data: [...] } or { flights: [...] }.
    const list = Array.isArray(body)
      ? body
      : body && typeof body === "object"
        ? ((body as { data?: unknown }).data ?? (body as { flights?: unknown }).flights)
        : undefined;
    if (!Array.isArray(list) || list.length === 0) throw { kind: "noData" } satisfies FeedFailure;
    return list;
  }

  return {
    name,
    async fetchFlights() {
      for (let attempts = 1; ; attempts++) {
        try {
          return { ok: true, flights: await attempt(), attempts };
        } catch (error) {
          if (error instanceof RetryableError) {
            if (attempts >= FEED_MAX_ATTEMPTS) return { ok: false, failure: error.failure, attempts };
            await sleep(backoffDelayMs(attempts, random));
            continue;
          }
          if (error && typeof error === "object" && "kind" in error)
            return { ok: false, failure: error as FeedFailure, attempts };
          logError("feed.unexpected-error", error, { attempts });
          return { ok: false, failure: { kind: "unexpected" }, attempts };
        }
      }
    },
  };
}

export function createFeedClientFromEnv(env: Pick<AppEnv, "FEED_TRANSPORT" | "FEED_URL" | "FEED_TOKEN">): FeedClient {
  const simulated = env.FEED_TRANSPORT === "simulator";
  return createFeedClient({
    url: env.FEED_URL,
    token: env.FEED_TOKEN,
    name: env.FEED_TRANSPORT,
    // The simulator answers in-process: local development syncs offline (docs/sync.md).
    fetch: simulated ? (request) => handleFeedRequest(request) : (request) => fetch(request),
  });
}
