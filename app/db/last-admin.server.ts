import { sql } from "drizzle-orm";

export const anotherAdminRemains = (userId: string) =>
  sql`exists (select 1 from users where role = 'admin' and id <> ${userId})`;

/** Every statement of an erasure's batch carries it, so two admins erasing each other at once leave one. */
export function userMayBeDeleted(userId: string) {
  return sql`exists (select 1 from users where id = ${userId} and (role <> 'admin' or ${anotherAdminRemains(userId)}))`;
}
