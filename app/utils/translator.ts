// The `t` of every page, loader, action and mail: the part of i18next's JSON format the app uses (decision 012).

export type TranslationOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TranslationOptions) => string;

export type NamespaceTexts = Readonly<Record<string, unknown>>;
export type LanguageTexts = Readonly<Partial<Record<string, NamespaceTexts>>>;

type FlatTexts = ReadonlyMap<string, string>;

const flattened = new WeakMap<NamespaceTexts, FlatTexts>();

function flat(texts: NamespaceTexts): FlatTexts {
  let map = flattened.get(texts);
  if (!map) {
    const entries = new Map<string, string>();
    const walk = (node: Readonly<Record<string, unknown>>, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") entries.set(prefix + key, value);
        else if (value && typeof value === "object") walk(value as Record<string, unknown>, `${prefix}${key}.`);
      }
    };
    walk(texts, "");
    map = entries;
    flattened.set(texts, map);
  }
  return map;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function interpolate(text: string, options: TranslationOptions | undefined) {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

function lookup(texts: FlatTexts | undefined, language: string, key: string, count: unknown) {
  if (!texts) return undefined;
  if (typeof count === "number") {
    return (
      (count === 0 ? texts.get(`${key}_zero`) : undefined) ??
      texts.get(`${key}_${pluralCategory(language, count)}`) ??
      texts.get(`${key}_other`) ??
      texts.get(key)
    );
  }
  return texts.get(key);
}

export function createTranslator({
  language,
  texts,
  namespace,
  fallback,
}: {
  language: string;
  texts: LanguageTexts;
  namespace: string;
  fallback?: { language: string; texts: LanguageTexts };
}): TFunction {
  return (fullKey, options) => {
    const separator = fullKey.indexOf(":");
    const ns = separator > 0 ? fullKey.slice(0, separator) : namespace;
    const key = separator > 0 ? fullKey.slice(separator + 1) : fullKey;
    const file = texts[ns];
    const fallbackFile = fallback?.texts[ns];
    const text =
      lookup(file && flat(file), language, key, options?.count) ??
      (fallback && lookup(fallbackFile && flat(fallbackFile), fallback.language, key, options?.count)) ??
      options?.defaultValue ??
      key;
    return interpolate(text, options);
  };
}
