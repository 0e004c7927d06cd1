import { describe, expect, it } from "vitest";

import { clientIp, clientKeyOf, clientNetwork, UNKNOWN_NETWORK } from "./client-key.server";
import { sha256Hex } from "./crypto.server";

const requestFrom = (ip?: string) =>
  new Request("http://localhost/", { headers: ip === undefined ? {} : { "CF-Connecting-IP": ip } });

describe("clientNetwork", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("0.0.0.0")).toBe("0.0.0.0");
    expect(clientNetwork("255.255.255.255")).toBe("255.255.255.255");
  });

  it("reduces a full IPv6 address to its /64, lower-case, without leading zeros", () => {
    expect(clientNetwork("2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2a02:1210:5a0f:ff00:0:0:0:1")).toBe("2a02:1210:5a0f:ff00::/64");
  });

  it("expands the :: shorthand before taking the first four groups", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    // The zeros `::` stands for fall inside the /64 here.
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001:db8::5:6:7:8")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001::3:4:5:6:7:8")).toBe("2001:0:3:4::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("::")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("gives every address of one /64 the same network, and the next /64 another", () => {
    const addresses = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0042",
      "2001:DB8:1:2:1234::",
    ];
    expect(new Set(addresses.map(clientNetwork))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientNetwork("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(clientNetwork("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("0:0:0:0:0:ffff:0102:0304")).toBe("1.2.3.4");
    // Another IPv6 address with an IPv4 tail (NAT64) is an IPv6 network.
    expect(clientNetwork("64:ff9b::1.2.3.4")).toBe("64:ff9b:0:0::/64");
  });

  it("answers one shared key for anything that is not an address", () => {
    for (const garbage of [
      "",
      "local",
      "not an ip",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "1.2.3.-4",
      "2001:db8:::1",
      "2001:db8::1::2",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "1::2:3:4:5:6:7:8",
      "2001:db8::12345",
      "2001:db8::g",
      "1.2.3.4::1",
      ":1:2:3:4:5:6:7",
      "' or 1=1 --",
    ]) {
      expect(clientNetwork(garbage), garbage).toBe(UNKNOWN_NETWORK);
    }
  });
});

describe("clientIp and clientKeyOf", () => {
  it("reads CF-Connecting-IP, and 'local' without it", () => {
    expect(clientIp(requestFrom("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientIp(requestFrom())).toBe("local");
  });

  it("is the SHA-256 of the network: one key per /64, another per IPv4 address", async () => {
    const key = await clientKeyOf(requestFrom("2001:db8:1:2::1"));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).toBe(await sha256Hex("2001:db8:1:2::/64"));
    expect(await clientKeyOf(requestFrom("2001:db8:1:2:dead:beef:0:1"))).toBe(key);
    expect(await clientKeyOf(requestFrom("2001:db8:1:3::1"))).not.toBe(key);
    expect(await clientKeyOf(requestFrom("::ffff:203.0.113.7"))).toBe(await clientKeyOf(requestFrom("203.0.113.7")));
    expect(await clientKeyOf(requestFrom("203.0.113.8"))).not.toBe(await clientKeyOf(requestFrom("203.0.113.7")));
  });
});
