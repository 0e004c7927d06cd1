export const FOOTER_LINKS = [
  { to: "/about", labelKey: "footer.about" },
  { to: "/faq", labelKey: "footer.faq" },
  { to: "/fleet", labelKey: "footer.fleet" },
  { to: "/partners", labelKey: "footer.partners" },
  { to: "/empty-legs", labelKey: "footer.emptyLegs" },
  { to: "/custom-flights", labelKey: "footer.customFlights" },
  { to: "/privacy-policy", labelKey: "footer.privacy" },
  { to: "/terms", labelKey: "footer.terms" },
  { to: "/cookies", labelKey: "footer.cookies" },
  { to: "/legal-notice", labelKey: "footer.legalNotice" },
] as const;
