import { describe, expect, it } from "vitest";

import { stripUnsafeCharacters } from "#app/utils/text";
import { z } from "#app/utils/zod";

import { parseDecimal, parseForm, redirectBack } from "./parse";

const schema = z.object({
  name: z.string({ error: "required" }).trim().min(1, "required"),
  minutes: z.number({ error: "number" }).int("number").min(10, "number").optional(),
});

/** The field errors of a submission (none when it succeeded). */
const errorsOf = (submission: ReturnType<typeof parseForm>) =>
  submission.status === "success" ? undefined : submission.error;

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("stripUnsafeCharacters", () => {
  it.each([
    ["abc\u202Eevil", "abcevil"],
    ["a\u0000b\u0007c\u007F", "abc"],
    ["zero\u200Bwidth\uFEFF", "zerowidth"],
    ["\u2066isolate\u2069 \u200Emark", "isolate mark"],
    ["line\nbreak\ttab", "line\nbreak\ttab"],
    ["Zoë Müller-Łukasz 👩‍✈️", "Zoë Müller-Łukasz 👩‍✈️"],
  ])("%j -> %j", (input, expected) => {
    expect(stripUnsafeCharacters(input)).toBe(expected);
  });
});

describe("parseDecimal", () => {
  it.each([
    ["16", 16],
    [" 42 ", 42],
    ["0x10", Number.NaN],
    ["4e1", Number.NaN],
    ["1.5", Number.NaN],
    ["-3", Number.NaN],
    ["١٢", Number.NaN],
    ["1234567890", Number.NaN],
  ])("%j -> %s", (input, expected) => {
    expect(parseDecimal(input)).toBe(expected);
  });
});

describe("parseForm", () => {
  it("stores no bidi override, control or zero-width character", () => {
    const submission = parseForm(form({ name: "abc\u202Eevil\u0000" }), { schema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.name).toBe("abcevil");
  });

  it("treats a value made only of unsafe characters as missing", () => {
    const submission = parseForm(form({ name: "\u200B\u202E" }), { schema });
    expect(errorsOf(submission)?.name).toEqual(["required"]);
  });

  it("reads numbers as decimal digits only: hex and exponents get the field's message", () => {
    expect(errorsOf(parseForm(form({ name: "a", minutes: "0x10" }), { schema }))?.minutes).toEqual(["number"]);
    expect(errorsOf(parseForm(form({ name: "a", minutes: "4e1" }), { schema }))?.minutes).toEqual(["number"]);
    const ok = parseForm(form({ name: "a", minutes: "40" }), { schema });
    expect(ok.status === "success" && ok.value.minutes).toBe(40);
    const empty = parseForm(form({ name: "a", minutes: "" }), { schema });
    expect(empty.status === "success" && empty.value.minutes).toBeUndefined();
  });

  it("goes back only to a path of this site", () => {
    expect(redirectBack(parseForm(form({ redirectTo: "/admin/orders?q=x" }), { schema }), "/admin")).toBe(
      "/admin/orders?q=x",
    );
    expect(redirectBack(parseForm(form({ redirectTo: "https://evil.example" }), { schema }), "/admin")).toBe("/admin");
    expect(redirectBack(parseForm(form({}), { schema }), "/admin")).toBe("/admin");
  });
});
