import type { ManifestState } from "#app/orders/manifest-state";
import { useTranslation } from "#app/utils/translations";

const STYLES: Record<ManifestState["kind"], string> = {
  complete: "bg-emerald-100 text-emerald-900",
  missing: "bg-amber-100 text-amber-900",
  locked: "bg-navy-700 text-white",
};

/** 'Manifeste complet', '… N champs manquants' or 'Manifeste verrouillé', on the orders tab and a flight's manifest. */
export function ManifestBadge({ state }: { state: ManifestState }) {
  const { t } = useTranslation("admin");
  const text =
    state.kind === "complete"
      ? t("manifestStaff.state.complete")
      : state.kind === "missing"
        ? t("manifestStaff.state.missing", { count: state.missing })
        : state.missing > 0
          ? t("manifestStaff.state.lockedMissing", { count: state.missing })
          : t("manifestStaff.state.locked");
  return (
    <span
      data-testid="manifest-state"
      data-state={state.kind}
      className={`rounded-full px-2 py-0.5 text-sm font-semibold ${STYLES[state.kind]}`}
    >
      {text}
    </span>
  );
}
