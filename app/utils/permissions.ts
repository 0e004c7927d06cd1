// The one role-to-permission map (docs/permissions.md); the browser's `can` only hides, which protects nothing.
import type { Role } from "./constants";

export const PERMISSIONS = [
  "flights:manage",
  "feed:sync",
  "alerts:send",
  "requests:manage",
  "users:manage",
  "orders:manage",
  "manifests:manage",
  "mail:retry",
  "documents:export",
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

export function isStaff(role: Role | null | undefined): boolean {
  return can(role, "flights:manage");
}
