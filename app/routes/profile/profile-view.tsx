import { Link } from "@remix-run/react";

import { buttonClassName } from "#app/components/ui/button";
import type { ProfileLanguage, Role } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

export type ProfileDetails = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: Role;
  language: ProfileLanguage;
};

const ROLE_BADGE: Record<Role, string> = {
  admin: "bg-purple-100 text-purple-800 ring-purple-300",
  gestionnaire: "bg-blue-100 text-blue-800 ring-blue-300",
  client: "bg-navy-100 text-navy-800 ring-navy-300",
};

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation("auth");
  return (
    <span
      data-testid="role-badge"
      data-role={role}
      className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${ROLE_BADGE[role]}`}
    >
      {t(`roles.${role}`)}
    </span>
  );
}

/** A role means something to staff only: a customer is not shown 'Client'. */
export function ProfileView({ profile, staff }: { profile: ProfileDetails; staff: boolean }) {
  const { t } = useTranslation("auth");
  const rows: Array<[string, string]> = [
    [t("fields.firstName"), profile.firstName],
    [t("fields.lastName"), profile.lastName],
    [t("fields.email"), profile.email],
    [t("fields.phone"), profile.phone ?? t("profile.noPhone")],
    ...(staff ? [[t("fields.role"), t(`roles.${profile.role}`)] as [string, string]] : []),
    [t("fields.language"), t(`languages.${profile.language}`)],
  ];
  return (
    <>
      <dl className="mt-6 divide-y divide-navy-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-3 gap-4 py-3">
            <dt className="font-semibold text-navy-700">{label}</dt>
            <dd className="col-span-2 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <Link to="/profile?edit=1" className={`${buttonClassName("primary", "lg")} mt-6 inline-block`}>
        {t("profile.edit")}
      </Link>
    </>
  );
}
