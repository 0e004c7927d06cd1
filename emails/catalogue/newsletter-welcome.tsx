import { EmailFallbackLink, EmailLayout, EmailText } from "../components/layout";
import { defineMail } from "../define-mail";

/** Welcome to the newsletter; like every newsletter mail, it carries the unsubscribe link. */
export const newsletterWelcome = defineMail<{ unsubscribeUrl: string }>({
  namespace: "catalogue",
  unsubscribeUrl: (data) => data.unsubscribeUrl,
  render: ({ unsubscribeUrl }, { t, locale }) => ({
    subject: t("emails.newsletterWelcome.subject"),
    body: (
      <EmailLayout locale={locale} preview={t("emails.newsletterWelcome.preview")}>
        <EmailText>{t("emails.newsletterWelcome.intro")}</EmailText>
        <EmailText>{t("emails.newsletterWelcome.content")}</EmailText>
        <EmailText>{t("emails.signature")}</EmailText>
        <EmailFallbackLink label={t("emails.newsletterWelcome.unsubscribeText")} href={unsubscribeUrl} />
      </EmailLayout>
    ),
  }),
});
