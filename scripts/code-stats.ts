// Lines, files and comment share of app/, and the pairs of domains that import each other
// both ways: `node scripts/code-stats.ts`. Tests are left out. A comment line is a line whose
// first characters are //, /*, * or */ (TypeScript's scanner would count the same here).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.(test|spec|fixtures)\.tsx?$/.test(file);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : isSource(entry.name) ? [full] : [];
  });
}

const files = walk(path.join(root, "app")).filter((file) => !file.endsWith(".generated.ts"));
let lines = 0;
let comments = 0;
const edges = new Map<string, Set<string>>();
const domainOf = (file: string) => {
  const rel = path.relative(path.join(root, "app"), file).split(path.sep);
  return rel.length > 1 ? rel[0] : null;
};
for (const file of files) {
  const text = readFileSync(file, "utf8");
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (trimmed === "") continue;
    lines += 1;
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) comments += 1;
  }
  const from = domainOf(file);
  if (!from) continue;
  for (const [, specifier = ""] of text.matchAll(/from\s+"(#app\/[^/"]+|\.\.\/[^/"]+)\//g)) {
    const to = specifier.startsWith("#app/") ? specifier.slice(5) : specifier.slice(3);
    if (to !== from && !["routes"].includes(from)) {
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
}
const pairs = [...edges].flatMap(([from, tos]) =>
  [...tos].filter((to) => from < to && edges.get(to)?.has(from)).map((to) => `${from} <-> ${to}`),
);
console.log(
  `files ${files.length}, non-blank lines ${lines}, comment lines ${comments} (${((100 * comments) / lines).toFixed(1)} %)`,
);
console.log(`domain pairs importing both ways: ${pairs.length ? pairs.join(", ") : "none"}`);
