import { describe, expect, it } from "vitest";

import { parseForm } from "#app/utils/forms/parse";
import { checkoutFormFields } from "#tests/checkout-form";

import { checkoutSchema } from "./checkout-forms";

const key = "3b241101-e2bb-4255-8caf-4136c566a962";

describe("checkout form: one passenger's name per seat", () => {
  /** The form as the browser posts it: every field a string, the names as a list. */
  const form = (overrides: Record<string, string>, names: string[]) => {
    const fields = checkoutFormFields({
      idempotencyKey: key,
      seenAvailableSeats: 4,
      seats: 2,
      email: "lea@example.ch",
      passengers: names,
      fields: overrides,
    });
    return parseForm(new URLSearchParams(fields), { schema: checkoutSchema });
  };
  const errors = (submission: ReturnType<typeof form>) => (submission.status === "error" ? submission.error : null);

  it("keeps as many names as seats, the empty fields past them (a page without JavaScript sends them all) left out", () => {
    const submission = form({}, ["Léa Muller", " Marc Muller ", "", ""]);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.passengers).toEqual(["Léa Muller", "Marc Muller"]);
  });

  it("asks for every seat's name: a missing or blank one is refused on its own field", () => {
    expect(errors(form({}, ["Léa Muller"]))).toEqual({ "passengers[1]": ["checkout.errors.passengerRequired"] });
    expect(errors(form({}, ["", "Marc Muller", "", ""]))).toEqual({
      "passengers[0]": ["checkout.errors.passengerRequired"],
    });
    expect(errors(form({ seats: "1" }, ["   "]))).toEqual({ "passengers[0]": ["checkout.errors.passengerRequired"] });
    expect(errors(form({ seats: "1" }, []))).toEqual({ "passengers[0]": ["checkout.errors.passengerRequired"] });
  });

  it("refuses a name past the seats chosen rather than drop a passenger", () => {
    expect(errors(form({}, ["Léa Muller", "Marc Muller", "Zoé Muller", ""]))).toEqual({
      "passengers[2]": ["checkout.errors.passengerExtra"],
    });
  });

  it("asks for every seat offered when the buyer takes the whole aircraft", () => {
    const names = ["A", "B", "C", "D"];
    const submission = form({ choice: "aircraft", seats: "1" }, names);
    expect(submission.status === "success" && submission.value.passengers).toEqual(names);
    expect(errors(form({ choice: "aircraft" }, ["A", "B", "C"]))).toEqual({
      "passengers[3]": ["checkout.errors.passengerRequired"],
    });
  });

  it("refuses a name longer than 100 characters, and takes one of exactly 100", () => {
    const name = "N".repeat(100);
    expect(form({ seats: "1" }, [name]).status).toBe("success");
    expect(errors(form({ seats: "1" }, [`${name}x`]))).toEqual({
      "passengers[0]": ["checkout.errors.passengerTooLong"],
    });
  });

  it("shows the names' errors with the other fields' errors, in one round", () => {
    expect(errors(form({ terms: "" }, ["Léa Muller"]))).toEqual({
      terms: ["checkout.errors.terms"],
      "passengers[1]": ["checkout.errors.passengerRequired"],
    });
  });

  it("counts nothing against a seats number that is itself refused", () => {
    expect(errors(form({ seats: "0x2" }, []))).toEqual({ seats: ["checkout.errors.seats"] });
  });
});
