import type { ManifestAccessAction } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

export type AccessEntry = { id: number; who: string | null; action: ManifestAccessAction; at: string };

/** 'Consultations et exports': the latest records of who saw, exported or edited this manifest. */
export function AccessLog({ entries }: { entries: AccessEntry[] }) {
  const { t } = useTranslation("admin");
  return (
    <section aria-labelledby="manifest-access-heading" className="space-y-2">
      <h3 id="manifest-access-heading" className="text-lg font-bold">
        {t("manifestStaff.access.heading")}
      </h3>
      {entries.length === 0 ? (
        <p className="text-navy-700">{t("manifestStaff.access.empty")}</p>
      ) : (
        <table
          data-testid="manifest-access"
          className="w-full rounded-2xl bg-white text-left text-sm ring-1 ring-navy-100"
        >
          <thead className="text-navy-800">
            <tr>
              <th scope="col" className="px-3 py-1 font-semibold">
                {t("manifestStaff.access.who")}
              </th>
              <th scope="col" className="px-3 py-1 font-semibold">
                {t("manifestStaff.access.what")}
              </th>
              <th scope="col" className="px-3 py-1 font-semibold">
                {t("manifestStaff.access.when")}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-navy-100">
                <td className="px-3 py-1">{entry.who ?? t("manifestStaff.access.unknown")}</td>
                <td className="px-3 py-1">{t(`manifestStaff.access.actions.${entry.action}`)}</td>
                <td className="px-3 py-1 tabular-nums">{entry.at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
