/** RFC 5987's attr-char keeps letters, digits and `!#$&+-.^_`|~`; encodeURIComponent also keeps `'()*`. */
const encodeExtValue = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

export function contentDisposition(type: "inline" | "attachment", filename: string): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  if (ascii === filename) return `${type}; filename="${filename}"`;
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
