import { describe, expect, it } from "vitest";

import { buildCalendar, type CalendarEvent, durationBefore, escapeText, foldLine, formatUtc } from "./ical";

/** RFC 5545 read back the way a calendar does: unfold, split name and value, unescape TEXT. */
function parse(file: string) {
  const unfolded = file.replace(/\r\n[ \t]/g, "");
  const lines = unfolded.split("\r\n");
  expect(lines.pop()).toBe(""); // the file ends with CRLF
  return lines.map((line) => {
    const colon = line.indexOf(":");
    return { name: line.slice(0, colon), value: line.slice(colon + 1) };
  });
}

function unescape(value: string) {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) =>
    character === "n" || character === "N" ? "\n" : character,
  );
}

const octets = (text: string) => Buffer.byteLength(text, "utf8");

const event: CalendarEvent = {
  uid: "0b6f4a2e-1111-4c2b-9e0e-123456789abc@jetmalin",
  stamp: new Date("2026-11-23T10:00:00.123Z"),
  start: new Date("2026-12-01T09:00:00Z"),
  end: new Date("2026-12-01T10:05:00Z"),
  summary: "Vol Genève → Nice (JM-7K4Q2P)",
  location: "Genève (LSGG)",
  description:
    "Référence : JM-7K4Q2P\nPrésentez-vous au terminal d'aviation d'affaires à 09:30, 30 minutes avant le départ; avec une pièce d'identité, merci.\nContact : +41 22 518 07 70 \\ service@jetmalin.ch",
};

describe("escapeText", () => {
  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("drops control characters TEXT may not hold, keeps tabs", () => {
    expect(escapeText("a\u0000b\u0007c\td\u007f")).toBe("abc\td");
  });
});

describe("formatUtc", () => {
  it("writes an instant in UTC, whatever the zone of the machine", () => {
    expect(formatUtc(new Date("2026-03-29T00:59:59.999Z"))).toBe("20260329T005959Z");
    expect(formatUtc(new Date(Date.UTC(2026, 11, 1, 9, 5, 7)))).toBe("20261201T090507Z");
  });
});

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds one of 76", () => {
    const line75 = "X".repeat(75);
    expect(foldLine(line75)).toBe(line75);
    expect(foldLine(`${line75}Y`)).toBe(`${line75}\r\n Y`);
  });

  it("counts octets, not characters, and never splits a character", () => {
    const line = `DESCRIPTION:${"é".repeat(100)}`; // 12 + 200 octets
    const folded = foldLine(line).split("\r\n");
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    // 12 octets then 31 'é' (62 octets, a 32nd would make 76): 74 on the first line.
    expect(folded[0]).toBe(`DESCRIPTION:${"é".repeat(31)}`);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("keeps a four-octet character whole", () => {
    const line = `S:${"✈".repeat(24)}${"😀".repeat(3)}`; // 2 + 72 octets, then 4-octet emojis
    const folded = foldLine(line).split("\r\n");
    expect(folded[0]).toBe(`S:${"✈".repeat(24)}`);
    expect(folded[1]).toBe(` ${"😀".repeat(3)}`);
  });
});

describe("buildCalendar", () => {
  const file = buildCalendar({ productId: "-//JetMalin//Vols//FR", events: [event] });

  it("uses CRLF only, ends with one, and keeps every line within 75 octets", () => {
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of file.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    // The description is long: it was folded.
    expect(file).toMatch(/\r\n /);
  });

  it("parses back to the same fields", () => {
    const lines = parse(file);
    const names = lines.map((line) => line.name);
    expect(names).toEqual([
      "BEGIN",
      "VERSION",
      "PRODID",
      "CALSCALE",
      "METHOD",
      "BEGIN",
      "UID",
      "DTSTAMP",
      "SEQUENCE",
      "DTSTART",
      "DTEND",
      "SUMMARY",
      "LOCATION",
      "DESCRIPTION",
      "END",
      "END",
    ]);
    const value = (name: string) => lines.filter((line) => line.name === name).map((line) => line.value);
    expect(value("BEGIN")).toEqual(["VCALENDAR", "VEVENT"]);
    expect(value("VERSION")).toEqual(["2.0"]);
    expect(value("UID")).toEqual([event.uid]);
    expect(value("DTSTAMP")).toEqual(["20261123T100000Z"]);
    expect(value("SEQUENCE")).toEqual(["0"]);
    expect(value("DTSTART")).toEqual(["20261201T090000Z"]);
    expect(value("DTEND")).toEqual(["20261201T100500Z"]);
    expect(unescape(value("SUMMARY")[0]!)).toBe(event.summary);
    expect(unescape(value("LOCATION")[0]!)).toBe(event.location);
    expect(unescape(value("DESCRIPTION")[0]!)).toBe(event.description);
    // The raw value carries the escapes, never a bare separator.
    expect(value("DESCRIPTION")[0]).toContain("départ\\; avec");
    expect(value("DESCRIPTION")[0]).toContain("identité\\, merci.\\nContact");
    expect(value("DESCRIPTION")[0]).toContain("07 70 \\\\ service");
  });

  it("leaves out an empty location and description", () => {
    const names = parse(
      buildCalendar({ productId: "-//T//T//EN", events: [{ ...event, location: "", description: undefined }] }),
    ).map((line) => line.name);
    expect(names).not.toContain("LOCATION");
    expect(names).not.toContain("DESCRIPTION");
  });

  it("writes the event's revision as SEQUENCE, with the same UID, so a calendar replaces the old times", () => {
    const first = parse(buildCalendar({ productId: "-//T//T//EN", events: [event] }));
    const moved = parse(
      buildCalendar({
        productId: "-//T//T//EN",
        events: [
          { ...event, sequence: 2, start: new Date("2026-12-01T12:00:00Z"), end: new Date("2026-12-01T13:05:00Z") },
        ],
      }),
    );
    const value = (lines: typeof first, name: string) => lines.find((line) => line.name === name)?.value;
    expect(value(first, "SEQUENCE")).toBe("0");
    expect(value(moved, "SEQUENCE")).toBe("2");
    expect(value(moved, "UID")).toBe(value(first, "UID"));
    expect(value(moved, "DTSTART")).toBe("20261201T120000Z");
  });

  it("never writes a negative or fractional SEQUENCE", () => {
    const sequence = (value: number) =>
      parse(buildCalendar({ productId: "-//T//T//EN", events: [{ ...event, sequence: value }] })).find(
        (line) => line.name === "SEQUENCE",
      )?.value;
    expect(sequence(-1)).toBe("0");
    expect(sequence(3.7)).toBe("3");
  });
});

describe("the alarm", () => {
  it("reminds three hours before departure: a VALARM inside the event, shown with its own text", () => {
    const withAlarm = {
      ...event,
      alarm: { minutesBefore: 180, description: "Votre vol JetMalin JM-7K4Q2P décolle dans 3 heures." },
    };
    const lines = parse(buildCalendar({ productId: "-//T//T//EN", events: [withAlarm] }));
    const names = lines.map((line) => line.name);
    const begin = names.indexOf("BEGIN", names.indexOf("DESCRIPTION"));
    expect(lines.slice(begin, begin + 5)).toEqual([
      { name: "BEGIN", value: "VALARM" },
      { name: "ACTION", value: "DISPLAY" },
      { name: "TRIGGER", value: "-PT3H" },
      { name: "DESCRIPTION", value: "Votre vol JetMalin JM-7K4Q2P décolle dans 3 heures." },
      { name: "END", value: "VALARM" },
    ]);
    expect(lines.slice(begin + 5).map((line) => line.value)).toEqual(["VEVENT", "VCALENDAR"]);
    expect(parse(buildCalendar({ productId: "-//T//T//EN", events: [event] })).map((l) => l.value)).not.toContain(
      "VALARM",
    );
  });

  it("writes whole hours as hours, anything else as minutes", () => {
    expect(durationBefore(180)).toBe("-PT3H");
    expect(durationBefore(90)).toBe("-PT90M");
  });
});
