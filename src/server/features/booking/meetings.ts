// Video-call links for booked calls: a Zoom meeting per call (Server-to-Server OAuth app), or the
// firm's fixed meeting room (MEETING_URL).

import type { Clock } from '#server/time/clock.ts';

export interface ZoomSettings {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** https://zoom.us by default; a test points it at a local server speaking the same protocol. */
  oauthUrl: string;
  /** https://api.zoom.us/v2 by default. */
  apiUrl: string;
}

export interface MeetingRequest {
  topic: string;
  start: Date;
  minutes: number;
  timeZone: string;
}

export interface Meeting {
  url: string;
  id: string | null;
}

export interface MeetingProvider {
  create(request: MeetingRequest): Promise<Meeting>;
}

export function fixedMeetingRoom(url: string): MeetingProvider {
  return { create: async () => ({ url, id: null }) };
}

/**
 * Each request to Zoom gets `timeoutMs`; a slow Zoom fails the send, and the outbox tries again later.
 * `now` tells when the access token Zoom gave runs out.
 */
export function zoomMeetings(settings: ZoomSettings, now: Clock, timeoutMs = 10_000): MeetingProvider {
  let token: { value: string; expiresAt: number } | undefined;

  async function call(url: URL | string, init: RequestInit) {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError')
        throw new Error(`Zoom did not answer within ${timeoutMs} ms`);
      throw error;
    }
  }

  async function accessToken() {
    if (token && token.expiresAt > now().getTime() + 60_000) return token.value;
    const url = new URL('/oauth/token', settings.oauthUrl);
    url.searchParams.set('grant_type', 'account_credentials');
    url.searchParams.set('account_id', settings.accountId);
    const response = await call(url, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}` },
    });
    if (!response.ok) throw new Error(`Zoom refused the token request: HTTP ${response.status}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('Zoom answered the token request without a token');
    token = { value: body.access_token, expiresAt: now().getTime() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  return {
    async create(request) {
      const response = await call(`${settings.apiUrl.replace(/\/$/, '')}/users/me/meetings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          topic: request.topic,
          type: 2, // a scheduled meeting
          start_time: request.start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          duration: request.minutes,
          timezone: request.timeZone,
          settings: { join_before_host: false, waiting_room: true },
        }),
      });
      if (response.status === 401) token = undefined;
      if (!response.ok) throw new Error(`Zoom refused to create the meeting: HTTP ${response.status}`);
      const meeting = (await response.json()) as { id?: number | string; join_url?: string };
      if (!meeting.join_url) throw new Error('Zoom created a meeting without a join link');
      return { url: meeting.join_url, id: meeting.id === undefined ? null : String(meeting.id) };
    },
  };
}
