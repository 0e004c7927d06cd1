import { describe, expect, it } from "vitest";

import { logoutTarget, safeRedirect, safeRedirectPath } from "./redirects";

describe("safeRedirectPath", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%0a/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "/%2509/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/%E0%A4%A",
    "/\u0000",
    "/\u007f",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(["/home"])).toBeNull();
  });

  it.each([
    ["/home", "/home"],
    ["/dashboard?tab=orders#recent", "/dashboard?tab=orders#recent"],
    ["/home?from=Gen%C3%A8ve", "/home?from=Gen%C3%A8ve"],
    ["/a/../profile", "/profile"],
  ])("keeps %j as %j", (target, expected) => {
    expect(safeRedirectPath(target)).toBe(expected);
  });

  it("falls back and keeps sign-out on the public pages only", () => {
    expect(safeRedirect("//evil.example", "/cookies")).toBe("/cookies");
    expect(logoutTarget("/fleet?aircraft=pc24")).toBe("/fleet?aircraft=pc24");
    expect(logoutTarget("/dashboard")).toBe("/");
    expect(logoutTarget("/%09/evil.example")).toBe("/");
  });
});
