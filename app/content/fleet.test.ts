import { describe, expect, it } from "vitest";

import { aircraftTypeName, FLEET } from "./fleet";

describe("aircraftTypeName", () => {
  it("names the types flights carry as the fleet does", () => {
    expect(aircraftTypeName("PC12")).toBe("Pilatus PC-12");
    expect(aircraftTypeName("pc24")).toBe("Pilatus PC-24");
    expect(aircraftTypeName("C25A")).toBe("Cessna Citation CJ2");
  });

  it("names a type outside the fleet by its designator", () => {
    expect(aircraftTypeName("E55P")).toBe("E55P");
  });

  it("gives every aircraft of the fleet a name that starts like its own", () => {
    for (const aircraft of FLEET) expect(aircraft.name).toContain(aircraftTypeName(aircraft.icaoType));
  });
});
