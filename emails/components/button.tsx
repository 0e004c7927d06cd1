import { Button, Section } from "@react-email/components";
import type { ReactNode } from "react";

import { colors, fontFamily } from "./theme";

/** The call to action of a mail: gold on navy text, like the site's primary buttons. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.gold,
          color: colors.navy,
          fontFamily,
          fontSize: "16px",
          fontWeight: 700,
          borderRadius: "9999px",
          padding: "14px 28px",
          textDecoration: "none",
          display: "inline-block",
        }}
      >
        {children}
      </Button>
    </Section>
  );
}
