/**
 * The CO2 figures of both aircraft (decision 037), the arithmetic written out here from the
 * documented burn rates: PC-12 200 kg of fuel per hour, PC-24 450 kg per hour, 3.16 kg of
 * CO2 per kg of fuel (ICAO), per seat over 6 and 8 seats.
 */
import { describe, expect, it } from "vitest";

import { FAQ } from "#app/content/documents/faq";

import { CO2_KG_PER_KG_FUEL, co2Estimate, formatCo2Kg, formatCo2Tonnes, FUEL_KG_PER_HOUR } from "./co2";

describe("CO2 estimate", () => {
  it("PC-12, one hour: 200 × 1 × 3.16 = 632 kg, 632 / 6 = 105 kg per seat", () => {
    expect(co2Estimate({ aircraftType: "PC12", flightTime: 60 })).toEqual({ flightKg: 632, perSeatKg: 105 });
  });

  it("PC-12, 1 h 25: 200 × 85/60 × 3.16 = 895 kg, 149 kg per seat", () => {
    // 200 × 1.41666… = 283.33 kg of fuel; × 3.16 = 895.33 kg; / 6 = 149.2 kg.
    expect(co2Estimate({ aircraftType: "PC12", flightTime: 85 })).toEqual({ flightKg: 895, perSeatKg: 149 });
  });

  it("PC-24, 1 h 30: 450 × 1.5 × 3.16 = 2,133 kg, 2,133 / 8 = 267 kg per seat", () => {
    expect(co2Estimate({ aircraftType: "PC24", flightTime: 90 })).toEqual({ flightKg: 2133, perSeatKg: 267 });
  });

  it("PC-24, 40 min: 450 × 40/60 × 3.16 = 948 kg, 119 kg per seat; the type in any case", () => {
    // 300 kg of fuel × 3.16 = 948 kg; / 8 = 118.5, rounded to 119.
    expect(co2Estimate({ aircraftType: "pc24", flightTime: 40 })).toEqual({ flightKg: 948, perSeatKg: 119 });
  });

  it("counts an unknown type as the jet, over the 6 seats the card gives it", () => {
    // 450 × 1 × 3.16 = 1,422 kg; / 6 = 237 kg.
    expect(co2Estimate({ aircraftType: "C510", flightTime: 60 })).toEqual({ flightKg: 1422, perSeatKg: 237 });
  });

  it("writes the numbers as each language does, the unit held to them by a no-break space", () => {
    expect(formatCo2Tonnes(1234, "fr")).toBe("1,2\u00a0t\u00a0CO₂");
    expect(formatCo2Tonnes(1234, "en")).toBe("1.2\u00a0t\u00a0CO₂");
    expect(formatCo2Tonnes(1234, "de")).toBe("1,2\u00a0t\u00a0CO₂");
    expect(formatCo2Tonnes(632, "fr")).toBe("0,6\u00a0t\u00a0CO₂");
    expect(formatCo2Kg(105, "en")).toBe("105\u00a0kg\u00a0CO₂");
    expect(formatCo2Kg(1422, "de")).toBe("1.422\u00a0kg\u00a0CO₂");
  });

  it("is what the FAQ says, in each language: the burn rates, the factor and a flight hour's CO2", () => {
    const decimal = { fr: ",", en: ".", de: "," } as const;
    for (const language of ["fr", "en", "de"] as const) {
      const answer = FAQ[language].sections.find((section) => section.id === "co2")!.paragraphs.join(" ");
      const number = (value: number) => value.toFixed(2).replace(".", decimal[language]);
      expect(answer).toContain(`${number(CO2_KG_PER_KG_FUEL)} kg`);
      // PC-12: 200 kg/h, 0.63 t of CO2 an hour; PC-24: 450 kg/h, 1.42 t.
      expect(answer).toContain(`${FUEL_KG_PER_HOUR.PC12} kg`);
      expect(answer).toContain(`${FUEL_KG_PER_HOUR.PC24} kg`);
      expect(answer).toContain(`${number((FUEL_KG_PER_HOUR.PC12! * CO2_KG_PER_KG_FUEL) / 1000)} t`);
      expect(answer).toContain(`${number((FUEL_KG_PER_HOUR.PC24! * CO2_KG_PER_KG_FUEL) / 1000)} t`);
    }
  });
});
