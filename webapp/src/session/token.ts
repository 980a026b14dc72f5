// Reading the access token's payload. The signature is the server's business; the browser only
// needs who is logged in, with which roles and branch, and until when.

export interface TokenPayload {
  user_name?: string;
  authorities?: string[];
  local_id?: number | null;
  exp?: number;
}

/** The payload of a JWT, or null when the token is malformed. */
export function decodePayload(token: string): TokenPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** A token is expired when its exp (seconds) is earlier than now; one without exp never is. */
export function isExpired(payload: TokenPayload, nowMs: number = Date.now()): boolean {
  return typeof payload.exp === 'number' && payload.exp * 1000 < nowMs;
}
