/** The users tests seed on a real D1. */
import type { users } from "#app/db/schema";

type UserRow = typeof users.$inferInsert;

/**
 * A client named and mailed after `id` (`id@example.ch`, last name "T"), with a password
 * hash no password matches; any other column, or one of these, comes in `extra`.
 */
export function testUser(id: string, extra: Partial<UserRow> = {}): UserRow {
  return { id, email: `${id}@example.ch`, passwordHash: "x", firstName: id, lastName: "T", ...extra };
}
