export interface SmsSettings {
  /** SMS_API_BASE_URL: a provider speaking Twilio's Messages API (https://api.twilio.com for Twilio itself). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

const TIMEOUT_MS = 15_000;

/**
 * Sends one SMS the way Twilio's Messages API takes it: a form-encoded POST of To, From and Body to
 * /2010-04-01/Accounts/{sid}/Messages.json with basic auth. Resolves with the provider's message
 * sid; throws with the provider's own message when it refuses.
 */
export async function sendSms(message: { to: string; body: string }, sms: SmsSettings): Promise<string> {
  const url = `${sms.baseUrl.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(sms.accountSid)}/Messages.json`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${sms.accountSid}:${sms.authToken}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: new URLSearchParams({ To: message.to, From: sms.from, Body: message.body }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: { sid?: string; message?: string; code?: number } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    // Not JSON: the status line and the text below say enough.
  }
  if (!response.ok) {
    const detail = answer.message ? `${answer.message}${answer.code ? ` (code ${answer.code})` : ""}` : text.slice(0, 200);
    throw new Error(`The SMS provider answered ${response.status}: ${detail}`);
  }
  if (!answer.sid) throw new Error(`The SMS provider answered ${response.status} without a message sid`);
  return answer.sid;
}
