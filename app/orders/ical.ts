/**
 * iCalendar files (RFC 5545), the part a confirmed flight needs: one VCALENDAR of
 * VEVENTs with times in UTC. Pure: the caller gives every value, the clock included.
 */

export type CalendarEvent = {
  /** Globally unique and stable, so importing the file twice updates one event. */
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  /**
   * The revision of the event (SEQUENCE, RFC 5545 section 3.8.7.4): 0 first, one more each
   * time its times change, so a calendar that imported it replaces the old times.
   */
  sequence?: number;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
};

/** The longest content line in octets, CRLF excluded (RFC 5545 section 3.1). */
export const MAX_LINE_OCTETS = 75;
const CRLF = "\r\n";

/**
 * A TEXT value (RFC 5545 section 3.3.11): backslash, semicolon and comma escaped, any line
 * break written `\n`; other control characters, which TEXT may not hold, dropped.
 */
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

/** The control characters TEXT may not hold: all but the tab. */
function isControl(code: number) {
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
}

/** An instant as a UTC DATE-TIME: 20261201T090000Z. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

const encoder = new TextEncoder();

/**
 * One content line folded at 75 octets (RFC 5545 section 3.1): each continuation starts
 * with a space, which counts in its line. Never inside a character's UTF-8 sequence.
 */
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
  lines.push("END:VEVENT");
  return lines;
}

/** The whole file: CRLF line endings, every line folded, a CRLF after the last one. */
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
