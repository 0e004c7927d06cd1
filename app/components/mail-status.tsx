import type { MAIL_STATUSES } from "#app/utils/constants";
import { useTranslation } from "#app/utils/translations";

const styles: Record<(typeof MAIL_STATUSES)[number], string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

export function MailStatus({ status }: { status: (typeof MAIL_STATUSES)[number] }) {
  const { t } = useTranslation("mail");
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${styles[status]}`}>
      {t(`mailbox.statuses.${status}`)}
    </span>
  );
}
