// Every rule that protects the accounts is in the SQL of the write itself, so two admins acting at once cannot get
// around it.
import { and, count, desc, eq, or, sql } from "drizzle-orm";

import type { Db } from "#app/db/client.server";
import { anotherAdminRemains } from "#app/db/last-admin.server";
import { sessions, users } from "#app/db/schema";
import type { ProfileLanguage, Role } from "#app/utils/constants";
import { normalizeEmail } from "#app/utils/forms/fields";
import { containsPattern, LIST_PAGE_SIZE, pageOffset } from "#app/utils/list-params";

import { publicUserColumns } from "./users.queries.server";

export const USERS_PAGE_SIZE = LIST_PAGE_SIZE;

const userColumns = {
  ...publicUserColumns,
  emailConfirmedAt: users.emailConfirmedAt,
  createdAt: users.createdAt,
};
export type AdminUser = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

export async function listUsers(db: Db, { search, page }: { search: string; page: number }) {
  const pattern = containsPattern(search);
  const where = search
    ? or(
        sql`${users.firstName} like ${pattern} escape '\\'`,
        sql`${users.lastName} like ${pattern} escape '\\'`,
        sql`(${users.firstName} || ' ' || ${users.lastName}) like ${pattern} escape '\\'`,
        sql`${users.email} like ${containsPattern(search.toLowerCase())} escape '\\'`,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows, total: total?.n ?? 0 };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Confirmed at once, no confirmation mail. */
export async function createConfirmedUser(
  db: Db,
  input: { email: string; passwordHash: string; firstName: string; lastName: string; role: Role; now: Date },
): Promise<{ id: string } | null> {
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: normalizeEmail(input.email),
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      emailConfirmedAt: input.now,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created ?? null;
}

export type UserChangeOutcome = "done" | "notFound" | "self" | "lastAdmin" | "emailTaken";

/** A change of role ends the user's sessions: they sign in again with their new rights. */
export async function updateUser(
  db: Db,
  {
    userId,
    actorId,
    changes,
    now,
  }: {
    userId: string;
    actorId: string;
    changes: {
      firstName: string;
      lastName: string;
      email: string;
      phone: string | null;
      language: ProfileLanguage;
      role: Role;
    };
    now: Date;
  },
): Promise<UserChangeOutcome> {
  const current = await findAdminUser(db, userId);
  if (!current) return "notFound";
  const roleChanges = current.role !== changes.role;
  if (roleChanges && userId === actorId) return "self";
  const email = normalizeEmail(changes.email);
  if (email !== current.email) {
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), sql`${users.id} <> ${userId}`));
    if (taken) return "emailTaken";
  }
  const update = db
    .update(users)
    .set({ ...changes, email, updatedAt: now })
    .where(
      and(
        eq(users.id, userId),
        // Leaving the admin role needs another admin, checked in the same statement.
        roleChanges && current.role === "admin" ? anotherAdminRemains(userId) : undefined,
      ),
    )
    .returning({ id: users.id });
  try {
    if (!roleChanges) return (await update).length === 1 ? "done" : "notFound";
    const [updated] = await db.batch([
      update,
      db.delete(sessions).where(sql`${sessions.userId} = ${userId} and changes() = 1`),
    ]);
    return updated.length === 1 ? "done" : "lastAdmin";
  } catch (error) {
    // The unique index decides between two edits racing for one address.
    if (String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) return "emailTaken";
    throw error;
  }
}

export async function setUserPassword(
  db: Db,
  { userId, passwordHash, now }: { userId: string; passwordHash: string; now: Date },
) {
  const [updated] = await db.batch([
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).returning({ id: users.id }),
    db.delete(sessions).where(sql`${sessions.userId} = ${userId} and changes() = 1`),
  ]);
  return updated.length === 1;
}
