// A request's phases and the `Server-Timing` header that carries them to the bench: docs/speed.md 'Phases'.

export type PhaseEntry = { name: string; durationMs: number; count?: number; note?: string };

export type PhaseTimer = {
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
  add(name: string, durationMs: number, count?: number): void;
  note(name: string, note: string): void;
  entries(): PhaseEntry[];
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

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const UNSAFE_IN_NOTE = /[^ !#-[\]-~]/g;

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
