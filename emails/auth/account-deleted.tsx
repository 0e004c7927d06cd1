import { EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/**
 * The last mail to an erased account (privacy/privacy.server.ts), sent before the
 * erasure: what went, what stays and why. `byStaff` when staff erased it from the
 * users tab rather than the person from their profile.
 */
export const accountDeleted = defineMail<{ firstName: string; byStaff: boolean }>({
  namespace: "mail",
  render: ({ firstName, byStaff }, { t, locale }) => ({
    subject: t("accountDeleted.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("accountDeleted.preview")}>
        <EmailText>{t("common.greeting", { firstName })}</EmailText>
        <EmailText>{t(byStaff ? "accountDeleted.introStaff" : "accountDeleted.introSelf")}</EmailText>
        <EmailText>{t("accountDeleted.deleted")}</EmailText>
        <EmailText>{t("accountDeleted.kept")}</EmailText>
        <EmailText>{t("accountDeleted.notYou")}</EmailText>
        <EmailText>{t("common.signature")}</EmailText>
      </EmailLayout>
    ),
  }),
});
