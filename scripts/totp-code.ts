/**
 * Prints the current second-factor code of a demo staff account (README "Demo
 * accounts"), as an authenticator app holding the demo secret would show it.
 *
 * Usage: node scripts/totp-code.ts [email]   (admin@ or gestionnaire@jetmalin.test)
 */
import { generateTOTP } from "@epic-web/totp";

import { DEMO_TOTP_SECRET, DEMO_USERS } from "../app/db/demo-data.ts";

const email = process.argv[2] ?? "admin@jetmalin.test";
const user = DEMO_USERS.find((candidate) => candidate.email === email);
if (!user || user.role === "client") {
  console.error(
    `Not a demo staff account: ${email}. Use ${DEMO_USERS.filter((u) => u.role !== "client")
      .map((u) => u.email)
      .join(" or ")}.`,
  );
  process.exit(1);
}
const { otp } = await generateTOTP({ secret: DEMO_TOTP_SECRET, period: 30, digits: 6, algorithm: "SHA-1" });
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${otp}  (${email}, valid for ${secondsLeft} more seconds)`);
