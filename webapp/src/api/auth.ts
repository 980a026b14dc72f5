import { api } from './base';
import type { TokenResponse } from './types';

/** Our web app's OAuth client: public, no secret (see docs/decisions.md). */
export const WEBAPP_CLIENT = 'optica.webapp';

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, { username: string; password: string }>({
      query: ({ username, password }) => ({
        url: 'oauth/token',
        method: 'POST',
        headers: { Authorization: `Basic ${btoa(`${WEBAPP_CLIENT}:`)}` },
        body: new URLSearchParams({ username, password, grant_type: 'password' }),
      }),
    }),
  }),
});

export const { useLoginMutation } = authApi;
