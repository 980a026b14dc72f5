// The shop as its customers see it (public, no login): `GET /api/tienda`.
import { api } from './base';
import type { components } from './schema';

/** The shop's name, contact details and branches, each with its address and a map link. */
export type Tienda = components['schemas']['Tienda'];
/** A branch as customers find it. */
export type Sucursal = components['schemas']['Sucursal'];

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Public: sent with no token when there is no session, and never a reason to log out. */
    tienda: build.query<Tienda, void>({
      query: () => 'api/tienda',
    }),
  }),
});

export const { useTiendaQuery } = shopApi;
