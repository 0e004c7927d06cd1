export const company = {
  name: "JetMalin",
  legalName: "JetMalin SA",
  address: {
    street: "Route de l'Aéroport 21",
    postalCode: "1215",
    city: "Genève 15",
    country: "CH",
  },
  /** Reservations line, in international format for the tel: link. */
  reservationsPhone: "+41 22 518 07 70",
  customerServiceEmail: "service@jetmalin.ch",
  /**
   * PLACEHOLDER: the business identification number (UID, uid.admin.ch) must be replaced by the
   * company's real one before going live. It has the real format and check digit (company.test.ts).
   */
  uid: "CHE-123.456.788",
} as const;

export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;
