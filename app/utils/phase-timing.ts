/**
 * Where the time of one request goes, phase by phase (docs/speed.md): a timer the Worker
 * fills in when the bench asks for it (PHASE_TIMING), and the standard `Server-Timing`
 * header that carries it to the bench. Pure: no clock of its own but the one it is given.
 *
 * A phase has a duration in milliseconds, how many times it ran (`count`: D1 round trips,
 * bytes of HTML) and a note (the render cache's `hit` or `miss`). In workerd the clock
 * moves only across I/O, so a phase without I/O (a render) reads 0: its count is what
 * says how much work it was.
 */

export type PhaseEntry = { name: string; durationMs: number; count?: number; note?: string };

export type PhaseTimer = {
  /** Runs `work`, adding its time (from start to settled) to phase `name`, and counts one more. */
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Adds `durationMs` to phase `name`, and `count` to its count when given. */
  add(name: string, durationMs: number, count?: number): void;
  /** Sets the note of phase `name` (e.g. the render cache's `hit`). */
  note(name: string, note: string): void;
  /** The phases in the order they first appeared. */
  entries(): PhaseEntry[];
  /** The timer's clock, in milliseconds. */
  now(): number;
};

export function createPhaseTimer(clock: () => number = () => performance.now()): PhaseTimer {
  const phases = new Map<string, PhaseEntry>();
  const entry = (name: string) => {
    let found = phases.get(name);
    if (!found) phases.set(name, (found = { name, durationMs: 0 }));
    return found;
  };
  const add = (name: string, durationMs: number, count?: number) => {
    const found = entry(name);
    found.durationMs += durationMs;
    if (count !== undefined) found.count = (found.count ?? 0) + count;
  };
  return {
    async time(name, work) {
      const start = clock();
      try {
        return await work();
      } finally {
        add(name, clock() - start, 1);
      }
    },
    add,
    note(name, note) {
      entry(name).note = note;
    },
    entries: () => [...phases.values()].map((phase) => ({ ...phase })),
    now: clock,
  };
}

// A metric's name is an RFC 7230 token; a note stays within a quoted string's safe characters.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a note keeps: printable ASCII but the quote and the backslash. */
const UNSAFE_IN_NOTE = /[^ !#-[\]-~]/g;

/**
 * The `Server-Timing` value of `entries`: `name;dur=1.2;desc="n=3 hit"` each, comma
 * separated. The count and the note share `desc`, the one free text the standard has.
 */
export function serializeServerTiming(entries: readonly PhaseEntry[]): string {
  return entries
    .filter((phase) => TOKEN.test(phase.name))
    .map((phase) => {
      const description = [
        phase.count === undefined ? null : `n=${phase.count}`,
        phase.note ? phase.note.replace(UNSAFE_IN_NOTE, "") : null,
      ]
        .filter(Boolean)
        .join(" ");
      const duration = Math.round(phase.durationMs * 10) / 10;
      return `${phase.name};dur=${duration}${description ? `;desc="${description}"` : ""}`;
    })
    .join(", ");
}

/** The phases of a `Server-Timing` value (ours or anyone's: unknown parameters are ignored). */
export function parseServerTiming(header: string | null): PhaseEntry[] {
  if (!header) return [];
  const phases: PhaseEntry[] = [];
  // Commas inside a quoted description do not separate metrics.
  for (const metric of header.match(/(?:[^,"]|"(?:[^"\\]|\\.)*")+/g) ?? []) {
    const [rawName, ...parameters] = metric.split(/;(?=(?:[^"]|"(?:[^"\\]|\\.)*")*$)/);
    const name = rawName?.trim() ?? "";
    if (!TOKEN.test(name)) continue;
    const phase: PhaseEntry = { name, durationMs: 0 };
    for (const parameter of parameters) {
      const separator = parameter.indexOf("=");
      if (separator === -1) continue;
      const key = parameter.slice(0, separator).trim().toLowerCase();
      const raw = parameter.slice(separator + 1).trim();
      const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
      if (key === "dur") phase.durationMs = Number(value) || 0;
      if (key === "desc") {
        const words = value.split(" ").filter(Boolean);
        const count = words.find((word) => /^n=\d+$/.test(word));
        if (count) phase.count = Number(count.slice(2));
        const note = words.filter((word) => word !== count).join(" ");
        if (note) phase.note = note;
      }
    }
    phases.push(phase);
  }
  return phases;
}
