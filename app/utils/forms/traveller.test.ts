import { describe, expect, it } from "vitest";

import { parseForm } from "./parse";
import { ConsentChoiceSchema, consentOf, FavoriteToggleSchema, NotificationActionSchema } from "./traveller";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("the cookie choice", () => {
  it("reads each button and the page's checkboxes as what they consent to", () => {
    const consent = (fields: Record<string, string>) => {
      const submission = parseForm(form(fields), { schema: ConsentChoiceSchema });
      return submission.status === "success" ? consentOf(submission.value) : null;
    };
    expect(consent({ intent: "accept-all" })).toEqual({ analytics: true, marketing: true });
    // A checkbox sent along with a banner button changes nothing.
    expect(consent({ intent: "essential-only", analytics: "on" })).toEqual({ analytics: false, marketing: false });
    expect(consent({ intent: "save", analytics: "on" })).toEqual({ analytics: true, marketing: false });
    expect(consent({ intent: "save" })).toEqual({ analytics: false, marketing: false });
  });

  it("refuses an unknown intent or a checkbox value that no checkbox sends", () => {
    expect(parseForm(form({ intent: "accept-some" }), { schema: ConsentChoiceSchema }).status).toBe("error");
    expect(parseForm(form({}), { schema: ConsentChoiceSchema }).status).toBe("error");
    expect(parseForm(form({ intent: "save", marketing: "yes" }), { schema: ConsentChoiceSchema }).status).toBe("error");
  });
});

describe("a notification's buttons", () => {
  it("read the id as decimal digits only", () => {
    const parsed = parseForm(form({ intent: "read", id: " 42 " }), { schema: NotificationActionSchema });
    expect(parsed.status === "success" ? parsed.value : null).toEqual({ intent: "read", id: 42 });
    for (const id of ["0x10", "4e1", "1.5", "-3", "0", "", "9".repeat(12)]) {
      expect(parseForm(form({ intent: "delete", id }), { schema: NotificationActionSchema }).status, id).toBe("error");
    }
    expect(parseForm(form({ intent: "archive", id: "1" }), { schema: NotificationActionSchema }).status).toBe("error");
  });
});

describe("a flight card's heart", () => {
  it("needs a flight id no longer than ids are, and says where to go back", () => {
    const parsed = parseForm(form({ intent: "add", flightId: "f1", redirectTo: "/home?from=Gen%C3%A8ve" }), {
      schema: FavoriteToggleSchema,
    });
    expect(parsed.status === "success" ? parsed.value : null).toEqual({
      intent: "add",
      flightId: "f1",
      redirectTo: "/home?from=Gen%C3%A8ve",
    });
    expect(parseForm(form({ intent: "add", flightId: "x".repeat(65) }), { schema: FavoriteToggleSchema }).status).toBe(
      "error",
    );
    expect(parseForm(form({ intent: "add" }), { schema: FavoriteToggleSchema }).status).toBe("error");
  });
});
