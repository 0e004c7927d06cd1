import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { parseEnv } from "#app/utils/env.server";
import { LOCAL_VARS, PRODUCTION_VARS } from "#tests/context";

import {
  createDevTransport,
  createMailTransport,
  createResendTransport,
  RESEND_ENDPOINT,
} from "./mail-transports.server";

/** A stand-in for Resend on 127.0.0.1: the real fetch goes over the network to it. */
type Received = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string };
let server: Server;
let endpoint: string;
let received: Received[] = [];
let answer: (res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
});

const mail = { outboxId: 42, to: "lea@example.com", subject: "Objet", html: "<p>Bonjour</p>", text: "Bonjour" };

describe("resend transport", () => {
  it("posts the mail to Resend with the key and returns its id", async () => {
    answer = (res) => res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"re_123"}');
    const transport = createResendTransport({
      apiKey: "re_key",
      from: "JetMalin <reservations@jetmalin.ch>",
      endpoint,
    });

    expect(await transport.send(mail)).toEqual({ providerMessageId: "re_123" });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: "POST", url: "/emails" });
    expect(request!.headers).toMatchObject({
      authorization: "Bearer re_key",
      "content-type": "application/json",
      "idempotency-key": "jetmalin-outbox-42",
    });
    expect(JSON.parse(request!.body)).toEqual({
      from: "JetMalin <reservations@jetmalin.ch>",
      to: ["lea@example.com"],
      subject: "Objet",
      html: "<p>Bonjour</p>",
      text: "Bonjour",
    });
  });

  it("sends the mail's own headers (List-Unsubscribe) in Resend's headers object", async () => {
    answer = (res) => res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"re_124"}');
    const transport = createResendTransport({
      apiKey: "re_key",
      from: "JetMalin <reservations@jetmalin.ch>",
      endpoint,
    });
    const headers = {
      "List-Unsubscribe": "<https://jetmalin.ch/alerts/unsubscribe?token=t&lng=fr>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };

    await transport.send({ ...mail, headers });
    expect(JSON.parse(received[0]!.body)).toEqual({
      from: "JetMalin <reservations@jetmalin.ch>",
      to: ["lea@example.com"],
      subject: "Objet",
      html: "<p>Bonjour</p>",
      text: "Bonjour",
      headers,
    });
  });

  it("reports a 500 as a failure with the status and an excerpt of the body", async () => {
    answer = (res) => res.writeHead(500).end(`{"message":"Internal server error"}${"x".repeat(1000)}`);
    const transport = createResendTransport({ apiKey: "re_key", from: "a@jetmalin.ch", endpoint });
    const error = await transport.send(mail).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^Resend answered 500: \{"message":"Internal server error"\}x+$/);
    expect((error as Error).message.length).toBeLessThan(400);
  });

  it("reports a 422 (refused address) as a failure", async () => {
    answer = (res) => res.writeHead(422).end('{"message":"Invalid `to` field"}');
    const transport = createResendTransport({ apiKey: "re_key", from: "a@jetmalin.ch", endpoint });
    await expect(transport.send(mail)).rejects.toThrow('Resend answered 422: {"message":"Invalid `to` field"}');
  });

  it("gives up on a provider that does not answer", async () => {
    answer = () => {}; // never answers
    const transport = createResendTransport({ apiKey: "re_key", from: "a@jetmalin.ch", endpoint, timeoutMs: 200 });
    await expect(transport.send(mail)).rejects.toThrow("Resend did not answer within 0.2 s");
  });

  it("reports an unreachable provider", async () => {
    const transport = createResendTransport({
      apiKey: "re_key",
      from: "a@jetmalin.ch",
      endpoint: "http://127.0.0.1:1/emails",
    });
    await expect(transport.send(mail)).rejects.toThrow(/^Resend unreachable: /);
  });

  it("talks to Resend's API by default", () => {
    expect(RESEND_ENDPOINT).toBe("https://api.resend.com/emails");
  });
});

describe("createMailTransport", () => {
  const d1 = {} as D1Database;
  it("uses the dev transport with the local variables", () => {
    expect(createMailTransport(parseEnv({ DB: d1, ...LOCAL_VARS })).name).toBe("dev");
  });
  it("uses Resend in production", () => {
    expect(createMailTransport(parseEnv({ DB: d1, ...PRODUCTION_VARS })).name).toBe("resend");
  });
  it("the dev transport accepts every mail", async () => {
    expect(await createDevTransport().send(mail)).toEqual({ providerMessageId: null });
  });
});
