// iCalendar files (RFC 5545), what a confirmed flight needs. Pure: the caller gives every value, the clock too.

export type CalendarEvent = {
  /** Stable, so importing the file twice updates one event. */
  uid: string;
  stamp: Date;
  /** SEQUENCE: one more each time the times change, so a calendar that imported it replaces them. */
  sequence?: number;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** A reminder the calendar shows `minutesBefore` the start (a VALARM of ACTION DISPLAY). */
  alarm?: { minutesBefore: number; description: string };
};

export const MAX_LINE_OCTETS = 75;
const CRLF = "\r\n";

export function escapeText(value: string): string {
  const escaped = value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
  return Array.from(escaped)
    .filter((character) => !isControl(character.codePointAt(0)!))
    .join("");
}

function isControl(code: number) {
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
}

export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const encoder = new TextEncoder();

export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** A negative RFC 5545 duration: 180 minutes is -PT3H, 90 is -PT90M. */
export function durationBefore(minutes: number): string {
  const whole = Math.max(0, Math.trunc(minutes));
  return whole % 60 === 0 ? `-PT${whole / 60}H` : `-PT${whole}M`;
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence ?? 0))}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.alarm)
    lines.push(
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `TRIGGER:${durationBefore(event.alarm.minutesBefore)}`,
      `DESCRIPTION:${escapeText(event.alarm.description)}`,
      "END:VALARM",
    );
  lines.push("END:VEVENT");
  return lines;
}

export function buildCalendar({ productId, events }: { productId: string; events: CalendarEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
