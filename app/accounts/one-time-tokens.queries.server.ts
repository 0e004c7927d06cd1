import { and, eq, gt, isNull } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { oneTimeTokens } from "#app/db/schema";
import type { TOKEN_PURPOSES } from "#app/utils/constants";
import { createRandomToken, sha256Hex } from "#app/utils/crypto.server";

export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  email_confirmation: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

export async function createOneTimeToken(
  db: Db,
  { userId, purpose, now }: { userId: string; purpose: TokenPurpose; now: Date },
) {
  const token = createRandomToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    createdAt: now,
  });
  return token;
}

function usableToken(tokenHash: string, purpose: TokenPurpose, now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, tokenHash),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

/** Without using it: the reset page shows its form first. */
export async function findUsableToken(
  db: Db,
  { token, purpose, now }: { token: string; purpose: TokenPurpose; now: Date },
) {
  const [row] = await db
    .select({ userId: oneTimeTokens.userId })
    .from(oneTimeTokens)
    .where(usableToken(await sha256Hex(token), purpose, now))
    .limit(1);
  return row?.userId ?? null;
}

/** One conditional UPDATE: of two simultaneous uses only one gets the user. */
export async function consumeOneTimeToken(
  db: Db,
  { token, purpose, now }: { token: string; purpose: TokenPurpose; now: Date },
) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(usableToken(await sha256Hex(token), purpose, now))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
}
