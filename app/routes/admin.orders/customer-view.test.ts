import { describe, expect, it } from "vitest";

import { customerView } from "./customer-view";

describe("customerView", () => {
  it("names the country in the reader's language", () => {
    const stored = {
      firstName: "Léa",
      lastName: "Muller",
      email: "lea@example.test",
      phone: "+41 79 123 45 67",
      address: "Rue du Rhône 1",
      zipCode: "1204",
      city: "Genève",
      country: "CH",
    };
    expect(customerView(stored, "de")).toEqual({ ...stored, country: "Schweiz" });
    expect(customerView(stored, "fr").country).toBe("Suisse");
  });

  it("shows a field missing from a hand-written row as empty, rather than failing", () => {
    const empty = {
      firstName: "",
      lastName: "",
      email: "",
      phone: "",
      address: "",
      zipCode: "",
      city: "",
      country: "",
    };
    expect(customerView({}, "fr")).toEqual(empty);
    expect(customerView(null, "fr")).toEqual(empty);
    expect(customerView({ email: "a@example.test", country: 41 }, "en")).toEqual({ ...empty, email: "a@example.test" });
  });
});
