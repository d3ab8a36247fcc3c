import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** RCPT TO addresses. */
  to: string[];
  /** The top-level headers, lower-cased names, as sent. */
  headers: Record<string, string>;
  /** The Subject header, decoded. */
  subject: string;
  /** The text part, decoded. */
  text: string;
  /** The HTML part, decoded; null for a text-only message. */
  html: string | null;
  /** The top-level Content-Type, e.g. `multipart/alternative`. */
  contentType: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

/** The top-level headers as written (the parser's structured values are more than tests need). */
function rawHeaders(raw: string): Record<string, string> {
  const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps what it is sent, parsed by mailparser. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            const headers = rawHeaders(raw.toString("utf8"));
            messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              headers,
              subject: mail.subject ?? "",
              text: (mail.text ?? "").replace(/\r\n/g, "\n"),
              html: typeof mail.html === "string" ? mail.html : null,
              contentType: (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase(),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
