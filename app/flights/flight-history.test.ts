import { describe, expect, it } from "vitest";

import de from "#app/locales/de/admin.json";
import en from "#app/locales/en/admin.json";
import fr from "#app/locales/fr/admin.json";

import { changesOf, historyFieldOf, historyValueKind } from "./flight-history";

/** Every column the edit form, the sold-out toggle, the sync and the orders log (flight_logs.changed_fields). */
const LOGGED_COLUMNS = [
  "probability_override",
  "seats_override",
  "departure_date",
  "departure_time_type",
  "time_slot",
  "is_soldout",
  "seats_held",
  "arrival_date",
  "flight_time",
  "aircraft_type",
  "feed_seats",
  "feed_probability",
  "price_per_minute",
];

describe("a history's fields", () => {
  it("names each logged column by the flight's field, with a label in every language", () => {
    for (const column of LOGGED_COLUMNS) {
      const field = historyFieldOf(column);
      expect(field, column).not.toBeNull();
      for (const locale of [fr, en, de])
        expect((locale.history.fields as Record<string, string>)[field!], `${column} → ${field}`).toBeTruthy();
    }
    expect(historyFieldOf("probability_override")).toBe("probabilityOverride");
    expect(historyFieldOf("is_soldout")).toBe("isSoldOut");
  });

  it("knows no column it was not told of, not even an object's own properties", () => {
    expect(historyFieldOf("no_such_column")).toBeNull();
    expect(historyFieldOf("toString")).toBeNull();
    expect(historyFieldOf("__proto__")).toBeNull();
  });

  it("reads dates, the slot and the kind of departure time by field, and an unknown column by its name", () => {
    expect(historyValueKind("departure_date")).toBe("date");
    expect(historyValueKind("feed_departure_date")).toBe("date");
    expect(historyValueKind("time_slot")).toBe("timeSlot");
    expect(historyValueKind("departure_time_type")).toBe("timeType");
    expect(historyValueKind("seats_override")).toBe("plain");
    expect(historyValueKind("is_soldout")).toBe("plain");
    expect(historyValueKind("updated_at")).toBe("date");
    expect(historyValueKind("something_else")).toBe("plain");
  });

  it("keeps the logged column in an entry's changes", () => {
    const changes = changesOf({
      changedFields: '["seats_override"]',
      oldValues: '{"seats_override":null}',
      newValues: '{"seats_override":5}',
    });
    expect(changes).toEqual([{ field: "seats_override", from: null, to: 5 }]);
  });
});
