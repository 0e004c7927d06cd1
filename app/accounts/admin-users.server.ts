// The 'Utilisateurs' tab; the rules that protect the accounts are in the queries' SQL.
import type { AppLoadContext } from "@remix-run/cloudflare";

import { eraseUser, type ErasureRefusal } from "#app/privacy/privacy.server";
import { logError } from "#app/utils/request-log.server";

import type { UserAction } from "./admin-user-forms";
import {
  createConfirmedUser,
  findAdminUser,
  listUsers,
  setUserPassword,
  updateUser,
  type UserChangeOutcome,
  USERS_PAGE_SIZE,
} from "./admin-users.queries.server";
import { hashPassword } from "./password.server";

export type UsersTab =
  | {
      ok: true;
      users: Awaited<ReturnType<typeof listUsers>>["users"];
      pages: number;
      selected: Awaited<ReturnType<typeof findAdminUser>>;
    }
  | { ok: false; reason: "failed" };

export async function loadUsersTab(
  context: AppLoadContext,
  { search, page, userId }: { search: string; page: number; userId: string | null },
): Promise<UsersTab> {
  try {
    const [{ users, total }, selected] = await Promise.all([
      listUsers(context.db, { search, page }),
      userId ? findAdminUser(context.db, userId) : null,
    ]);
    return { ok: true, users, pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)), selected };
  } catch (error) {
    logError("users.list-failed", error, { requestId: context.requestId });
    return { ok: false, reason: "failed" };
  }
}

type UserChangeDone = {
  ok: true;
  done: "clientCreated" | "gestionnaireCreated" | "updated" | "password" | "deleted";
  userId: string | null;
};
export type UserChangeRefusal = Exclude<UserChangeOutcome, "done"> | ErasureRefusal | "failed";
export type UserChange = UserChangeDone | { ok: false; reason: UserChangeRefusal };

export async function changeUser(
  context: AppLoadContext,
  { actorId, ...action }: UserAction & { actorId: string },
): Promise<UserChange> {
  try {
    return await applyChange(context, actorId, action);
  } catch (error) {
    logError("users.change-failed", error, { requestId: context.requestId, intent: action.intent });
    return { ok: false, reason: "failed" };
  }
}

async function applyChange(context: AppLoadContext, actorId: string, action: UserAction): Promise<UserChange> {
  const { db } = context;
  const now = context.now();
  switch (action.intent) {
    case "create-client":
    case "create-gestionnaire": {
      const { intent, password, ...fields } = action;
      const role = intent === "create-client" ? "client" : "gestionnaire";
      const created = await createConfirmedUser(db, {
        ...fields,
        passwordHash: await hashPassword(password),
        role,
        now,
      });
      if (!created) return { ok: false, reason: "emailTaken" };
      return { ok: true, done: role === "client" ? "clientCreated" : "gestionnaireCreated", userId: created.id };
    }
    case "update": {
      const { intent: _, userId, phone, ...changes } = action;
      const outcome = await updateUser(db, { userId, actorId, changes: { ...changes, phone: phone ?? null }, now });
      return outcome === "done" ? { ok: true, done: "updated", userId } : { ok: false, reason: outcome };
    }
    case "password": {
      const changed = await setUserPassword(db, {
        userId: action.userId,
        passwordHash: await hashPassword(action.password),
        now,
      });
      return changed ? { ok: true, done: "password", userId: action.userId } : { ok: false, reason: "notFound" };
    }
    case "delete": {
      const outcome = await eraseUser(context, { userId: action.userId, by: actorId });
      return outcome.ok ? { ok: true, done: "deleted", userId: null } : outcome;
    }
  }
}
