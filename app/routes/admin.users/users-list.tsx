import { Link } from "@remix-run/react";

import { useHrefWith } from "#app/components/admin/list-controls";
import type { ProfileLanguage, Role } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

export type UserView = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  language: ProfileLanguage;
  role: Role;
  createdOn: string;
  confirmed: boolean;
};

export function UserList({
  users,
  selectedId,
  actorId,
}: {
  users: UserView[];
  selectedId: string | undefined;
  actorId: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <ul
      aria-label={t("users.listLabel")}
      className="divide-y divide-navy-100 rounded-xl bg-white shadow-sm ring-1 ring-navy-100"
    >
      {users.map((user) => (
        <UserRow key={user.id} user={user} current={selectedId === user.id} isActor={user.id === actorId} />
      ))}
    </ul>
  );
}

function UserRow({ user, current, isActor }: { user: UserView; current: boolean; isActor: boolean }) {
  const { t } = useTranslation("admin");
  const { t: tAuth } = useTranslation("auth");
  const hrefWith = useHrefWith();
  return (
    <li>
      <Link
        to={hrefWith({ user: user.id, dialog: undefined })}
        preventScrollReset
        aria-current={current ? "true" : undefined}
        className={`block p-4 hover:bg-navy-50 ${current ? "bg-navy-50" : ""}`}
      >
        <span className="block font-semibold">
          {user.firstName} {user.lastName}{" "}
          {isActor ? <span className="font-normal text-navy-700">{t("users.you")}</span> : null}
        </span>
        <span className="block break-all text-sm text-navy-700">{user.email}</span>
        <span className="mt-1 flex flex-wrap gap-2 text-xs">
          <span className="rounded-full bg-navy-100 px-2 py-0.5 font-semibold text-navy-800">
            {tAuth(`roles.${user.role}`)}
          </span>
          <span className="text-navy-700">{t("users.createdOn", { date: user.createdOn })}</span>
        </span>
      </Link>
    </li>
  );
}
