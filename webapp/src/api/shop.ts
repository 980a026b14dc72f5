// The shop as its customers see it (public, no login): `GET /api/tienda`.
import type { Tienda } from './types';
import { api } from './base';

export type { Tienda, Sucursal } from './types';

export const shopApi = api.enhanceEndpoints({ addTagTypes: ['Tienda'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Public: sent with no token when there is no session, and never a reason to log out. */
    tienda: build.query<Tienda, void>({
      query: () => 'api/tienda',
      // A card plan saved changes its 'cuotas sin interés'.
      providesTags: ['Tienda'],
    }),
  }),
});

export const { useTiendaQuery } = shopApi;
