import { EmailButton } from "../components/button";
import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/** Double opt-in: the address is subscribed only once its owner follows this link. */
export const newsletterConfirm = defineMail<{ confirmUrl: string }>({
  namespace: "catalogue",
  render: ({ confirmUrl }, { t, locale }) => ({
    subject: t("emails.newsletterConfirm.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("emails.newsletterConfirm.preview")}>
        <EmailText>{t("emails.newsletterConfirm.intro")}</EmailText>
        <EmailButton href={confirmUrl}>{t("emails.newsletterConfirm.button")}</EmailButton>
        <EmailText>{t("emails.newsletterConfirm.ignore")}</EmailText>
        <EmailText>{t("emails.signature")}</EmailText>
        <EmailFallbackLink label={t("emails.newsletterConfirm.fallback")} href={confirmUrl} />
      </EmailLayout>
    ),
  }),
});
