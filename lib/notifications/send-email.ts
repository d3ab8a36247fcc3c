import nodemailer, { type Transporter } from "nodemailer";

export interface SmtpSettings {
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465 */
  url: string;
  /** SMTP_FROM */
  from: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part: with it the message is multipart/alternative. */
  html?: string | null;
  language: string;
  /** Stable across retries, so a server that saw the message already can tell. */
  messageId: string;
}

// One transport per SMTP_URL: nodemailer keeps its connection settings there.
const transports = new Map<string, Transporter>();

/** Sends one e-mail; resolves with the server's answer to DATA, throws on refusal or network errors. */
export async function sendEmail(message: EmailMessage, smtp: SmtpSettings): Promise<string> {
  let transport = transports.get(smtp.url);
  if (!transport) {
    transport = nodemailer.createTransport(smtp.url);
    transports.set(smtp.url, transport);
  }
  const info = await transport.sendMail({
    from: smtp.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: message.messageId,
    headers: { "Content-Language": message.language },
  });
  return info.messageId;
}
