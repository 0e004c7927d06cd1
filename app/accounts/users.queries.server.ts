import { and, eq, isNull, or } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { users } from "#app/db/schema";
import type { ProfileLanguage, Role } from "#app/utils/constants";
import { normalizeEmail } from "#app/utils/forms/fields";

/** Never the password hash. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  role: users.role,
  language: users.language,
};

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
  language: ProfileLanguage;
};

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<SessionUser | null> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/** Null when the email is taken: the unique index decides between two simultaneous sign-ups. */
export async function createUser(
  db: Db,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; language: ProfileLanguage },
): Promise<{ id: string } | null> {
  const [created] = await db
    .insert(users)
    .values({ id: crypto.randomUUID(), ...input, email: normalizeEmail(input.email), role: "client" })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created ?? null;
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: { firstName: string; lastName: string; phone: string | null; language: ProfileLanguage },
  now: Date,
) {
  await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId));
}

/** Only a profile without a phone: one the user typed is theirs to change. */
export async function fillMissingPhone(db: Db, userId: string, phone: string, now: Date) {
  await db
    .update(users)
    .set({ phone, updatedAt: now })
    .where(and(eq(users.id, userId), or(isNull(users.phone), eq(users.phone, ""))));
}

export async function updateUserLanguage(db: Db, userId: string, language: ProfileLanguage, now: Date) {
  await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
}
