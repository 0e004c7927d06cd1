import { describe, expect, test } from "vitest";

import { getErrorMessage } from "./error-message";

describe("getErrorMessage", () => {
  test("reads an Error's message, and anything else as text", () => {
    expect(getErrorMessage(new TypeError("fetch failed"))).toBe("fetch failed");
    expect(getErrorMessage("D1 is down")).toBe("D1 is down");
    expect(getErrorMessage(42)).toBe("42");
    expect(getErrorMessage(undefined)).toBe("undefined");
  });
});
