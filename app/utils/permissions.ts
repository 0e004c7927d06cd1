/**
 * Who may do what: the one role-to-permission map (docs/permissions.md, decision 011).
 * The server checks it in every loader and action through `requirePermission`
 * (app/accounts/session.server.ts); the browser only uses `can` to hide what a role
 * cannot use, which protects nothing by itself.
 */
import type { Role } from "./constants";

export const PERMISSIONS = [
  /** /admin and its flights tab: list, edit, sold-out, history, /new-flight. */
  "flights:manage",
  /** 'Sync API' and 'Synchroniser'. */
  "feed:sync",
  /** 'Envoyer les alertes'. */
  "alerts:send",
  /** The 'Demandes' tab: exclusive and custom requests, newsletter subscribers. */
  "requests:manage",
  /** The 'Utilisateurs' tab: create, edit, passwords, roles, deletion. */
  "users:manage",
  /** The 'Commandes' tab: validate, refuse, export. */
  "orders:manage",
  /** 'Relancer les e-mails en échec' in the health panel (docs/operations.md). */
  "mail:retry",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const STAFF: readonly Permission[] = ["flights:manage", "feed:sync", "alerts:send", "requests:manage"];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  client: [],
  gestionnaire: STAFF,
  admin: PERMISSIONS,
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

/** Staff are the roles that may open the back-office at all. */
export function isStaff(role: Role | null | undefined): boolean {
  return can(role, "flights:manage");
}
