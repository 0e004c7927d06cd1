// The layers of the app, held by the linter (used from eslint.config.js).
//
// Arrows point one way: routes -> services -> queries -> app/db. A domain folder
// (app/orders, app/flights, ...) keeps its queries to itself and its routes; app/utils and
// app/content sit below every domain; components never pull server modules into the browser
// bundle; no two modules import each other, even for types only (`import-cycle`); the
// domains are ranked and a domain imports only those below it (`domain-rank`); and no module
// passes another's exports through (`no-pass-through`).
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

import { createNodeResolver } from "eslint-plugin-import-x";
import ts from "typescript";

export const DOMAINS = [
  "orders",
  "payments",
  "flights",
  "feed",
  "alerts",
  "accounts",
  "limits",
  "requests",
  "privacy",
  "mail",
  "operations",
];

/**
 * The domains from the bottom up (docs/architecture.md 'Import rules' says why each sits
 * where it does): a module imports only modules of its own domain or of a domain below it,
 * type-only imports included. emails/ belongs to mail (the outbox renders its templates);
 * components and routes sit above every domain. What two domains both need goes down a floor.
 */
export const DOMAIN_RANK = [
  "content",
  "utils",
  "db",
  "mail",
  "limits",
  "payments",
  "requests",
  "flights",
  "alerts",
  "privacy",
  "accounts",
  "orders",
  "feed",
  "operations",
  "components",
  "routes",
];

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

/** The one resolver of the lint: package.json subpath imports (#app/*) and extension-less specifiers. */
function createResolver() {
  return createNodeResolver({ extensions: [...SOURCE_EXTENSIONS, ".json"], conditionNames: ["import", "default"] });
}

const resolver = createResolver();

/** Where a specifier points: the resolved file, or for a file not on disk (yet) the path it names. */
function targetPath(specifier, importer, root) {
  const resolved = resolver.resolve(specifier, importer);
  if (resolved.found) return resolved.path;
  if (specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
  for (const [pattern, target] of Object.entries(subpathImports(root))) {
    const prefix = pattern.replace(/\*$/, "");
    if (pattern.endsWith("*") && specifier.startsWith(prefix)) {
      return path.resolve(root, target.replace(/\*$/, "") + specifier.slice(prefix.length));
    }
  }
  return null;
}

const subpathImportsByRoot = new Map();
function subpathImports(root) {
  if (!subpathImportsByRoot.has(root)) {
    let imports = {};
    try {
      imports = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).imports ?? {};
    } catch {
      // No package.json at the root: only relative specifiers are mapped.
    }
    subpathImportsByRoot.set(root, imports);
  }
  return subpathImportsByRoot.get(root);
}

/** What a file is in the layers, from its path relative to the repository root. */
export function classify(relativePath) {
  const file = relativePath.split(path.sep).join("/");
  const name = file.slice(file.lastIndexOf("/") + 1);
  const domain = DOMAINS.find((candidate) => file.startsWith(`app/${candidate}/`)) ?? null;
  const folder = domain
    ? "domain"
    : file.startsWith("app/routes/") || file === "app/root.tsx" || file === "app/entry.server.tsx"
      ? "routes"
      : file.startsWith("app/components/")
        ? "components"
        : file.startsWith("app/db/")
          ? "db"
          : file.startsWith("app/utils/")
            ? "utils"
            : file.startsWith("app/content/")
              ? "content"
              : file.startsWith("tests/")
                ? "tests"
                : file.startsWith("node_modules/") || file.includes("/node_modules/") || file.startsWith("..")
                  ? "outside"
                  : "other";
  // A test, or its plumbing (`*.fixtures.ts`, which only tests import).
  const isTest = /\.(test|fixtures)\.[cm]?[jt]sx?$/.test(name) || file.startsWith("tests/");
  const isServer = /\.server(\.[cm]?[jt]sx?)?$/.test(name) || /(^|\/)[^/]+\.server\//.test(file);
  return {
    file,
    domain,
    folder,
    ranked: domain ?? (file.startsWith("emails/") ? "mail" : DOMAIN_RANK.includes(folder) ? folder : null),
    isTest,
    /** A domain's shapes (app/<domain>/types.ts): types only, importable from every layer. */
    isTypes: domain !== null && /^types\.[cm]?[jt]sx?$/.test(name),
    isQueries: /\.queries\.server(\.[cm]?[jt]sx?)?$/.test(name),
    isServer,
    /** Shared UI, or a file beside a folder route's route.tsx that is not server code: it reaches the browser. */
    isComponent:
      folder === "components" ||
      (/^app\/routes\/[^/]+\/[^/]+$/.test(file) && !/^route\.[cm]?[jt]sx?$/.test(name) && !isServer && !isTest),
  };
}

/** Every module a program imports: { node, specifier, typeOnly }. */
export function importsOf(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    switch (node.type) {
      case "ImportDeclaration":
        found.push({
          node,
          specifier: node.source.value,
          typeOnly:
            node.importKind === "type" ||
            (node.specifiers.length > 0 &&
              node.specifiers.every(
                (specifier) => specifier.type === "ImportSpecifier" && specifier.importKind === "type",
              )),
        });
        return;
      case "ExportNamedDeclaration":
      case "ExportAllDeclaration":
        if (node.source) {
          found.push({
            node,
            specifier: node.source.value,
            typeOnly:
              node.exportKind === "type" ||
              (node.type === "ExportNamedDeclaration" &&
                node.specifiers.length > 0 &&
                node.specifiers.every((specifier) => specifier.exportKind === "type")),
          });
          return;
        }
        break;
      case "TSImportEqualsDeclaration":
        if (node.moduleReference.type === "TSExternalModuleReference") {
          found.push({
            node,
            specifier: node.moduleReference.expression.value,
            typeOnly: node.importKind === "type",
          });
          return;
        }
        break;
      case "ImportExpression":
        if (node.source.type === "Literal" && typeof node.source.value === "string") {
          found.push({ node, specifier: node.source.value, typeOnly: false });
        }
        break;
      case "TSImportType": {
        // typescript-eslint 8 names the module `source` (`argument`, deprecated, warns when read).
        const argument =
          "source" in node
            ? node.source
            : node.argument?.type === "TSLiteralType"
              ? node.argument.literal
              : node.argument;
        if (argument?.type === "Literal" && typeof argument.value === "string") {
          found.push({ node, specifier: argument.value, typeOnly: true });
        }
        break;
      }
    }
    for (const key of Object.keys(node)) {
      if (key === "parent" || key === "loc" || key === "range") continue;
      if (key === "argument" && node.type === "TSImportType") continue;
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child === "object") visit(child);
    }
  };
  visit(program);
  return found;
}

function relativeName(root, file) {
  return path.relative(root, file).split(path.sep).join("/");
}

// ---------------------------------------------------------------------------------------
// Rule: import-layers

function layerBreach(from, to) {
  // A test imports what it proves and nothing imports a test: tests (beside the code or
  // under tests/) stand outside the layers.
  if (from.isTest || to.folder === "outside" || from.file === to.file) return null;

  // A route (app/root.tsx is Remix's root route; app/entry.server.tsx, its server entry, holds what
  // server.ts uses) reads a domain's queries as they are; every other module asks the domain's services.
  if (to.isQueries && to.domain && from.domain !== to.domain && from.folder !== "routes") {
    return { messageId: "queriesOfOtherDomain", data: { domain: to.domain } };
  }
  const bottom = (module) => module.isQueries || module.isTypes;
  if (
    bottom(from) &&
    from.domain &&
    !bottom(to) &&
    (to.domain || to.folder === "routes" || to.folder === "components")
  ) {
    return { messageId: "queriesImportUpward" };
  }
  if (from.folder === "db" && (to.domain || to.folder === "routes" || to.folder === "components")) {
    return {
      messageId: "dbImportsUpward",
      data: { target: to.domain ? `the ${to.domain} domain` : `app/${to.folder}` },
    };
  }
  if (
    (from.folder === "utils" || from.folder === "content") &&
    (to.domain || to.folder === "routes" || to.folder === "components")
  ) {
    return {
      messageId: "sharedImportsUpward",
      data: { folder: from.folder, target: to.domain ? `the ${to.domain} domain` : `app/${to.folder}` },
    };
  }
  if (from.isComponent && to.isServer) {
    return { messageId: "componentImportsServer" };
  }
  return null;
}

/** The option of the rules that check each import: [importer, imported] paths from the repository root. */
const knownBreachesSchema = [
  {
    type: "object",
    properties: {
      /** [importer, imported] paths from the repository root: breaches known and left to fix, not new ones. */
      knownBreaches: {
        type: "array",
        items: { type: "array", items: { type: "string" }, minItems: 2, maxItems: 2 },
      },
    },
    additionalProperties: false,
  },
];

/**
 * The visitor of a rule that judges each import of a file of app/ or emails/ on its own:
 * `breachOf(from, to)` names the breach ({ messageId, data }) or is null. A breach listed in
 * the option `knownBreaches` is tolerated while it is there, and reported once it is gone.
 */
function checkEachImport(context, breachOf) {
  const root = context.cwd;
  const filename = context.physicalFilename;
  const relative = relativeName(root, filename);
  if (!relative.startsWith("app/") && !relative.startsWith("emails/")) return {};
  const from = classify(relative);
  const known = new Set(
    (context.options[0]?.knownBreaches ?? []).filter(([importer]) => importer === relative).map(([, target]) => target),
  );
  return {
    "Program:exit"(program) {
      const stillThere = new Set();
      for (const { node, specifier } of importsOf(program)) {
        const target = targetPath(specifier, filename, root);
        if (!target) continue;
        const to = classify(relativeName(root, target));
        const breach = breachOf(from, to);
        if (!breach) continue;
        if (known.has(to.file)) stillThere.add(to.file);
        else context.report({ node, messageId: breach.messageId, data: { ...breach.data, specifier } });
      }
      for (const target of known) {
        if (!stillThere.has(target)) context.report({ node: program, messageId: "knownBreachGone", data: { target } });
      }
    },
  };
}

/** @type {import("eslint").Rule.RuleModule} */
const importLayers = {
  meta: {
    type: "problem",
    docs: {
      description: "Imports follow the layers: routes -> services -> queries -> app/db, utils below every domain",
    },
    schema: knownBreachesSchema,
    messages: {
      knownBreachGone:
        "This file no longer imports '{{target}}' across the layers: remove its line from knownBreaches in eslint.config.js.",
      queriesOfOtherDomain:
        "'{{specifier}}' is a query module of the {{domain}} domain: only files inside app/{{domain}}/ and routes may import it. " +
        "Call a service of app/{{domain}}/ that does the work, or move a piece several domains read down into app/db.",
      queriesImportUpward:
        "A query or types module imports only the layer below it (app/db, app/utils, query and types modules), not '{{specifier}}': " +
        "arrows point routes -> services -> queries -> db. Move what it needs down (a pure helper in app/utils or a query), " +
        "or move this code up into a service.",
      dbImportsUpward:
        "app/db is the bottom layer and imports no domain, route or component, but this file imports '{{specifier}}' " +
        "({{target}}). Move the shared piece into app/db, or this code up into the domain that uses it.",
      sharedImportsUpward:
        "app/{{folder}} sits below every domain and imports no domain, route or component, but this file imports " +
        "'{{specifier}}' ({{target}}). Move the piece it needs into app/{{folder}}, or move this code into the domain.",
      componentImportsServer:
        "A component runs in the browser too and must not import a server module, even for types: '{{specifier}}' is " +
        "server-only. Put the shared type or helper in a module without '.server' (for example app/<domain>/types.ts).",
    },
  },
  create(context) {
    return checkEachImport(context, layerBreach);
  },
};

// ---------------------------------------------------------------------------------------
// Rule: domain-rank

const rankChain = DOMAIN_RANK.join(" < ");

function rankBreach(from, to) {
  if (from.isTest || to.folder === "outside" || !from.ranked || !to.ranked) return null;
  if (DOMAIN_RANK.indexOf(to.ranked) <= DOMAIN_RANK.indexOf(from.ranked)) return null;
  return { messageId: "importsAbove", data: { domain: from.ranked, target: to.ranked, ranking: rankChain } };
}

/** @type {import("eslint").Rule.RuleModule} */
const domainRank = {
  meta: {
    type: "problem",
    docs: {
      description: "A domain imports only the domains ranked below it (DOMAIN_RANK), type-only imports included",
    },
    schema: knownBreachesSchema,
    messages: {
      knownBreachGone:
        "This file no longer imports '{{target}}' above its domain: remove its line from knownBreaches in eslint.config.js.",
      importsAbove:
        "'{{specifier}}' belongs to {{target}}, ranked above {{domain}} ({{ranking}}): a domain imports only the " +
        "domains below it, type-only imports included. Move what both need down a floor (a lower domain, app/db or " +
        "app/utils), or move this code up into {{target}}.",
    },
  },
  create(context) {
    return checkEachImport(context, rankBreach);
  },
};

// ---------------------------------------------------------------------------------------
// Rule: no-pass-through

/**
 * The top-level statements that pass another module's exports through: `export ... from`,
 * and `export { x }` of names this module imported. `others` counts the statements that do
 * something else (imports count as neither).
 */
function reExportsOf(program) {
  const imported = new Map();
  for (const statement of program.body) {
    if (statement.type !== "ImportDeclaration") continue;
    for (const specifier of statement.specifiers) imported.set(specifier.local.name, statement.source.value);
  }
  const found = [];
  let others = 0;
  for (const statement of program.body) {
    if (statement.type === "ImportDeclaration") continue;
    if (
      statement.type === "ExportAllDeclaration" ||
      (statement.type === "ExportNamedDeclaration" && statement.source)
    ) {
      const names =
        statement.type === "ExportAllDeclaration" ? ["*"] : statement.specifiers.map((item) => item.local.name);
      found.push({ node: statement, sources: [statement.source.value], names });
      continue;
    }
    if (
      statement.type === "ExportNamedDeclaration" &&
      !statement.declaration &&
      statement.specifiers.length > 0 &&
      statement.specifiers.every((item) => imported.has(item.local.name))
    ) {
      const names = statement.specifiers.map((item) => item.local.name);
      found.push({ node: statement, sources: [...new Set(names.map((name) => imported.get(name)))], names });
      continue;
    }
    if (statement.type === "ExportDefaultDeclaration" && statement.declaration.type === "Identifier") {
      const name = statement.declaration.name;
      if (imported.has(name)) {
        found.push({ node: statement, sources: [imported.get(name)], names: [name] });
        continue;
      }
    }
    others += 1;
  }
  return { found, others };
}

/** @type {import("eslint").Rule.RuleModule} */
const noPassThrough = {
  meta: {
    type: "problem",
    docs: { description: "No module passes another's exports through: import from where the thing lives" },
    schema: [],
    messages: {
      passThroughModule:
        "This module only re-exports what other modules export ({{names}} from '{{sources}}'): import it from where " +
        "it lives and delete this module, or give the module real work (a service that does more than call the query).",
      passThroughStatement:
        "{{names}} passes through this module from '{{sources}}': import it from there where it is used.",
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    return {
      "Program:exit"(program) {
        const { found, others } = reExportsOf(program);
        if (found.length === 0) return;
        if (others === 0) {
          context.report({
            node: found[0].node,
            messageId: "passThroughModule",
            data: {
              names: found.flatMap((item) => item.names).join(", "),
              sources: [...new Set(found.flatMap((item) => item.sources))].join("', '"),
            },
          });
          return;
        }
        // Beside real work, a re-export of a package (zod's `z` from the module that configures it) or of an
        // asset URL stays; a project module's names are imported from it.
        for (const { node, sources, names } of found) {
          const fromProject = sources.filter((source) => projectFile(source, filename));
          if (fromProject.length === 0) continue;
          context.report({
            node,
            messageId: "passThroughStatement",
            data: { names: names.join(", "), sources: fromProject.join("', '") },
          });
        }
      },
    };
  },
};

// ---------------------------------------------------------------------------------------
// Rule: import-cycle (every circle, those closed by a type-only import included)

const importsOnDisk = new Map();
/** The files each file reaches by its imports, itself included; see reachFrom. */
let reachable = new Map();

/** The project module a specifier of `importer` names, or null (a package, a missing file, an asset). */
function projectFile(specifier, importer) {
  const resolved = resolver.resolve(specifier, importer);
  if (!resolved.found || !resolved.path) return null;
  if (resolved.path.includes(`${path.sep}node_modules${path.sep}`)) return null;
  return SOURCE_EXTENSIONS.includes(path.extname(resolved.path)) ? resolved.path : null;
}

/**
 * The project modules a file on disk imports, types included, cached by modification time.
 * TypeScript's pre-processor finds them with its scanner (every import, export-from, import()
 * and import type), a tenth of the cost of parsing the file, and keeps no syntax tree alive.
 */
function targetsOnDisk(file) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsOnDisk.get(file);
  if (cached && cached.modified === modified) return cached.targets;
  // A file changed on disk since it was read (an editor's long-lived lint): what reaches what is read again.
  if (cached) reachable = new Map();
  const specifiers = ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles;
  const targets = [...new Set(specifiers.map(({ fileName }) => projectFile(fileName, file)))].filter(Boolean);
  importsOnDisk.set(file, { modified, targets });
  return targets;
}

/**
 * The files `start` reaches by its imports on disk, itself included. Computed once per lint run
 * for all the files it reaches: Tarjan's strongly connected components (iterative), each
 * component reaching its members and what the components it imports reach, found before it.
 * A walk per import of every linted file (the rule's first form) cost most of the lint's time.
 */
function reachFrom(start) {
  if (reachable.has(start)) return reachable.get(start);
  const order = new Map();
  const low = new Map();
  const stack = [];
  const open = (file) => {
    order.set(file, order.size);
    low.set(file, order.get(file));
    stack.push(file);
    return { file, targets: targetsOnDisk(file), next: 0 };
  };
  const calls = [open(start)];
  while (calls.length > 0) {
    const call = calls[calls.length - 1];
    if (call.next < call.targets.length) {
      const target = call.targets[call.next++];
      if (reachable.has(target)) continue;
      if (!order.has(target)) calls.push(open(target));
      else low.set(call.file, Math.min(low.get(call.file), order.get(target)));
      continue;
    }
    calls.pop();
    if (calls.length > 0) {
      const caller = calls[calls.length - 1].file;
      low.set(caller, Math.min(low.get(caller), low.get(call.file)));
    }
    if (low.get(call.file) !== order.get(call.file)) continue;
    const members = new Set(stack.splice(stack.indexOf(call.file)));
    const reach = new Set(members);
    for (const member of members) {
      for (const target of targetsOnDisk(member)) {
        if (!members.has(target)) for (const file of reachable.get(target)) reach.add(file);
      }
    }
    for (const member of members) reachable.set(member, reach);
  }
  return reachable.get(start);
}

/** The shortest import path from `start` back to `goal` ([start, ..., goal]), or null. */
function pathBack(start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of targetsOnDisk(file)) {
      if (previous.has(target)) continue;
      previous.set(target, file);
      if (target === goal) {
        const route = [goal];
        for (let step = file; step !== null; step = previous.get(step)) route.unshift(step);
        return route;
      }
      queue.push(target);
    }
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const importCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import cycle, type-only imports included" },
    schema: [],
    messages: {
      cycle:
        "'{{specifier}}' imports this file back ({{route}}): the modules of a circle cannot be read, tested or " +
        "moved one at a time, and a type-only import closes a circle too. Move what both need into a module " +
        "that imports neither (a pure helper or a types module).",
    },
  },
  create(context) {
    const root = context.cwd;
    const filename = context.physicalFilename;
    return {
      "Program:exit"(program) {
        // The file's own imports come from its text (an editor's unsaved buffer included); whether an
        // import leads back to it does not depend on what the file imports on disk.
        for (const { node, specifier } of importsOf(program)) {
          const target = projectFile(specifier, filename);
          if (!target || target === filename || !reachFrom(target).has(filename)) continue;
          const route = pathBack(target, filename);
          if (!route) continue;
          context.report({
            node,
            messageId: "cycle",
            data: {
              specifier,
              route: [filename, ...route].map((file) => relativeName(root, file)).join(" -> "),
            },
          });
        }
      },
    };
  },
};

/** @type {import("eslint").ESLint.Plugin} */
export default {
  meta: { name: "jetmalin-layers" },
  rules: {
    "import-layers": importLayers,
    "import-cycle": importCycle,
    "domain-rank": domainRank,
    "no-pass-through": noPassThrough,
  },
};
