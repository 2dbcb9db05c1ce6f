import twilio from 'twilio';

/**
 * Twilio's X-Twilio-Signature check (twilio.validateRequest): HMAC-SHA1 over the exact callback URL followed by the
 * form parameters sorted by name. `url` must be the URL the gateway was given (SMS_WEBHOOK_BASE_URL + path), not the
 * one the request arrived at behind a proxy.
 */
export function validTwilioSignature(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): boolean {
  if (!signature || !authToken) return false;
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    return false;
  }
}

/** The signature Twilio would send for these parameters (what fleet-sim and tests sign with). */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
