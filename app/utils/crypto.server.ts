/** Random tokens and their SHA-256 fingerprints (Web Crypto: same in workerd and Node). */

/** 32 random bytes, base64url: what a cookie or a mail link carries. */
export function createRandomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Hex SHA-256: only this is stored, so a leaked table opens no session and no link. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
