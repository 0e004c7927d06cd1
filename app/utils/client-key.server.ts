// Per-network keys: an IPv6 subscriber gets a whole /64 and may change address at every request (decision 016).
import { sha256Hex } from "./crypto.server";

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.slice(0, 64) || "local";
}

/** One key for anything but an IP, so a caller cannot mint a fresh bucket per request by sending new junk. */
export const UNKNOWN_NETWORK = "unknown";

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function parseIpv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === "") return [];
    const parts = half.split(":");
    const groups: number[] = [];
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1 && part.includes(".")) {
        const ipv4 = parseIpv4(part);
        if (!ipv4) return null;
        groups.push((ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        groups.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 2 && halves[0]!.includes(".")) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

export function clientNetwork(ip: string): string {
  // A zone (`fe80::1%eth0`) names the local interface, not the caller.
  const text = ip.trim().replace(/%.*$/, "");
  const ipv4 = parseIpv4(text);
  if (ipv4) return ipv4.join(".");
  const groups = text.includes(":") ? parseIpv6(text) : null;
  if (!groups) return UNKNOWN_NETWORK;
  // ::ffff:0:0/96 carries an IPv4 address: the same caller as that address.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

export async function clientKeyOf(request: Request): Promise<string> {
  return sha256Hex(clientNetwork(clientIp(request)));
}
