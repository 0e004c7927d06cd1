import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/** Sent at sign-up: the link confirms the address (valid 24 h, single use). */
export const confirmEmail = defineMail<{ firstName: string; url: string }>({
  namespace: "mail",
  render: ({ firstName, url }, { t, locale }) => ({
    subject: t("confirmEmail.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("confirmEmail.preview")}>
        <EmailText>{t("common.greeting", { firstName })}</EmailText>
        <EmailText>{t("confirmEmail.intro")}</EmailText>
        <EmailButton href={url}>{t("confirmEmail.button")}</EmailButton>
        <EmailText>{t("confirmEmail.expiry")}</EmailText>
        <EmailText>{t("confirmEmail.ignore")}</EmailText>
        <EmailText>{t("common.signature")}</EmailText>
        <EmailFallbackLink label={t("common.fallbackLink")} href={url} />
      </EmailLayout>
    ),
  }),
});
