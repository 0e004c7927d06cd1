import { describe, expect, it } from "vitest";

import { cruiseSpeedKmh, positioningEstimate } from "./positioning";

const GENEVA = { latitude: 46.2381, longitude: 6.1089 };
const SION = { latitude: 46.2196, longitude: 7.3267 };
const BERN = { latitude: 46.9141, longitude: 7.4971 };

/** The spherical law of cosines: another formula than the module's haversine, for the same sphere. */
function cosineLawKm(a: typeof GENEVA, b: typeof GENEVA) {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const cos =
    Math.sin(rad(a.latitude)) * Math.sin(rad(b.latitude)) +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.cos(rad(b.longitude - a.longitude));
  return 6371.0088 * Math.acos(cos);
}

describe("positioningEstimate", () => {
  it("takes the fleet page's cruise speeds: 815 km/h for the PC-24, 500 km/h for a PC-12 or an unknown type", () => {
    expect([
      cruiseSpeedKmh("PC24"),
      cruiseSpeedKmh("PC-24"),
      cruiseSpeedKmh("PC12"),
      cruiseSpeedKmh("King Air"),
    ]).toEqual([815, 815, 500, 500]);
  });

  it("Geneva to Sion (93.7 km) on a PC-24 at 75 €/min: 6.9 minutes started, 7 minutes, 525 €", () => {
    expect(cosineLawKm(GENEVA, SION)).toBeCloseTo(93.7, 1);
    expect(positioningEstimate(GENEVA, SION, { aircraftType: "PC24", pricePerMinute: 75 })).toEqual({
      km: 94,
      minutes: 7,
      priceEuros: 525,
    });
  });

  it("Geneva to Bern (130.0 km) on a PC-12 at 50 €/min: 15.6 minutes started, 16 minutes, 800 €", () => {
    expect(cosineLawKm(GENEVA, BERN)).toBeCloseTo(130.0, 1);
    expect(positioningEstimate(GENEVA, BERN, { aircraftType: "PC12", pricePerMinute: 50 })).toEqual({
      km: 130,
      minutes: 16,
      priceEuros: 800,
    });
  });

  it("is the same both ways, and nothing for the same airport", () => {
    const leg = { aircraftType: "PC24", pricePerMinute: 75 };
    expect(positioningEstimate(SION, GENEVA, leg)).toEqual(positioningEstimate(GENEVA, SION, leg));
    expect(positioningEstimate(GENEVA, GENEVA, leg)).toEqual({ km: 0, minutes: 0, priceEuros: 0 });
  });
});
