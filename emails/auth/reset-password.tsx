import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/** Sent on a reset request: the link lets the user choose a new password (valid 1 h, single use). */
export const resetPassword = defineMail<{ firstName: string; url: string }>({
  namespace: "mail",
  render: ({ firstName, url }, { t, locale }) => ({
    subject: t("resetPassword.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("resetPassword.preview")}>
        <EmailText>{t("common.greeting", { firstName })}</EmailText>
        <EmailText>{t("resetPassword.intro")}</EmailText>
        <EmailButton href={url}>{t("resetPassword.button")}</EmailButton>
        <EmailText>{t("resetPassword.expiry")}</EmailText>
        <EmailText>{t("resetPassword.ignore")}</EmailText>
        <EmailText>{t("common.signature")}</EmailText>
        <EmailFallbackLink label={t("common.fallbackLink")} href={url} />
      </EmailLayout>
    ),
  }),
});
