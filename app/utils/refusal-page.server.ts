const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function refusalPage({
  language,
  title,
  text,
  backHome,
}: {
  language: string;
  title: string;
  text: string;
  backHome: string;
}) {
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – JetMalin</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0b1f3a">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="/home" style="color:#0b1f3a">${escapeHtml(backHome)}</a></p>
</body>
</html>
`;
}
