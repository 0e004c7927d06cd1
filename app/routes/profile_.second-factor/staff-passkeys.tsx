import { Link } from "@remix-run/react";

import { AddPasskeyForm, ConfirmWithPasskey } from "#app/components/passkeys/passkey-buttons";
import { useTranslation } from "#app/utils/translations";

/** A passkey is the staff factor as well as the code (decision 038). */
export function StaffPasskeys({
  count,
  strong,
  enrolled,
  redirectTo,
}: {
  count: number;
  strong: boolean;
  enrolled: boolean;
  redirectTo: string | null;
}) {
  const { t } = useTranslation("auth");
  const back: Record<string, string> = redirectTo ? { redirectTo } : {};
  return (
    <section aria-labelledby="staff-passkeys-title" className="mt-6 rounded-2xl bg-white p-8 shadow-lg">
      <h2 id="staff-passkeys-title" className="text-xl font-bold">
        {t("passkeys.title")}
      </h2>
      {count > 0 && !strong ? (
        <>
          <p className="mt-2 text-navy-700">{t("passkeys.confirmIntro")}</p>
          <div className="mt-4">
            <ConfirmWithPasskey intent="confirm" label={t("passkeys.confirm")} fields={back} />
          </div>
        </>
      ) : !enrolled && count === 0 ? (
        <>
          <p className="mt-2 text-navy-700">{t("passkeys.staffIntro")}</p>
          <AddPasskeyForm redirectTo={redirectTo ?? "/admin"} />
        </>
      ) : (
        <>
          <p className="mt-2 text-navy-700">{t("passkeys.staffManage")}</p>
          <Link to="/profile/passkeys" className="mt-4 inline-block font-semibold text-navy-700 underline">
            {t("passkeys.manage")}
          </Link>
        </>
      )}
    </section>
  );
}
