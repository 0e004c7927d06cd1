/**
 * The last admin stays: the conditions a demotion (accounts) and an erasure (privacy)
 * carry in the SQL of the write itself, so two admins acting at once cannot get around them.
 */
import { sql } from "drizzle-orm";

/** Another admin than `userId` remains: the condition every demotion and deletion carries. */
export const anotherAdminRemains = (userId: string) =>
  sql`exists (select 1 from users where role = 'admin' and id <> ${userId})`;

/**
 * The user exists and may go: not the last admin (another admin remains, or they are no
 * admin). Deleting an account is an erasure (privacy/privacy.server.ts): every statement
 * of its batch carries this condition, so a refused one changes nothing and two admins
 * erasing each other at once leave one.
 */
export function userMayBeDeleted(userId: string) {
  return sql`exists (select 1 from users where id = ${userId} and (role <> 'admin' or ${anotherAdminRemains(userId)}))`;
}
