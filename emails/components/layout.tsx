import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { createContext, type ReactNode, useContext } from "react";

import { company, telHref } from "#app/content/company";
import type { Language } from "#app/i18n";
import { translatorFor } from "#app/i18n.server";

import { colors, fontFamily } from "./theme";

/** The mail's subject, given by emails/render.ts: the document's <title>. */
export const MailSubject = createContext("JetMalin");

/**
 * The frame of every mail: navy band with the brand, white card with the content,
 * footer with the company details in the recipient's language.
 */
export function EmailLayout({ locale, preview, children }: { locale: Language; preview: string; children: ReactNode }) {
  const t = translatorFor(locale, "mail");
  const { address } = company;
  const subject = useContext(MailSubject);
  return (
    <Html lang={locale} dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Body style={{ backgroundColor: colors.background, margin: 0, padding: "24px 0", fontFamily }}>
        {/* Inside <body>: nothing may sit between </head> and <body>. */}
        <Preview>{preview}</Preview>
        <Container style={{ maxWidth: "600px", margin: "0 auto" }}>
          <Section style={{ backgroundColor: colors.navy, borderRadius: "12px 12px 0 0", padding: "20px 32px" }}>
            <Text style={{ margin: 0, color: colors.white, fontSize: "24px", fontWeight: 700, letterSpacing: "0.5px" }}>
              Jet<span style={{ color: colors.gold }}>Malin</span>
            </Text>
          </Section>
          <Section
            style={{
              backgroundColor: colors.white,
              borderRadius: "0 0 12px 12px",
              padding: "32px",
              color: colors.text,
              fontSize: "16px",
              lineHeight: "24px",
            }}
          >
            {children}
          </Section>
          <Section style={{ padding: "24px 32px", color: colors.muted, fontSize: "13px", lineHeight: "20px" }}>
            <Text style={{ ...footerText, margin: "0 0 8px" }}>{t("layout.tagline")}</Text>
            <Hr style={{ borderColor: colors.rule, margin: "12px 0" }} />
            <Text style={footerText}>
              {company.legalName} · {address.street} · {address.postalCode} {address.city} · {t("layout.country")}
            </Text>
            <Text style={footerText}>
              {t("layout.reservations")}{" "}
              <Link href={telHref(company.reservationsPhone)} style={{ color: colors.muted }}>
                {company.reservationsPhone}
              </Link>{" "}
              · {t("layout.customerService")}{" "}
              <Link href={`mailto:${company.customerServiceEmail}`} style={{ color: colors.muted }}>
                {company.customerServiceEmail}
              </Link>
            </Text>
            <Text style={{ ...footerText, margin: "8px 0 0" }}>{t("layout.automatic")}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText = { margin: 0, fontSize: "13px", lineHeight: "20px", color: colors.muted };

/** A paragraph in a mail's body. */
export function EmailText({ children }: { children: ReactNode }) {
  return (
    <Text style={{ margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: colors.text }}>{children}</Text>
  );
}

/** The small print under a call to action: the raw link, for clients that hide buttons. */
export function EmailFallbackLink({ label, href }: { label: string; href: string }) {
  return (
    <Text style={{ margin: "16px 0 0", fontSize: "13px", lineHeight: "20px", color: colors.muted }}>
      {label}
      <br />
      <Link href={href} style={{ color: colors.navy, wordBreak: "break-all" }}>
        {href}
      </Link>
    </Text>
  );
}
