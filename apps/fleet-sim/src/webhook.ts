import twilio from 'twilio';

/**
 * POSTs a form to one of our webhooks the way Twilio does: application/x-www-form-urlencoded, signed with
 * X-Twilio-Signature (HMAC-SHA1 with the account's auth token over the URL and the sorted parameters).
 * Answers the HTTP status, or null when the webhook could not be reached.
 */
export async function postSigned(authToken: string, url: string, params: Record<string, string>): Promise<number | null> {
  const signature = twilio.getExpectedTwilioSignature(authToken, url, params);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': signature,
        'User-Agent': 'TwilioProxy/1.1 (fleet-sim)',
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return null;
  }
}
