// The seven lookup collections (the six of the contract and the labs): list, create, update, delete. One set of endpoints, keyed by path.
import { api } from './base';
import type { LookupBody, LookupItem, LookupPath } from './types';

export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLookup: build.query<LookupItem[], LookupPath>({
      query: (path) => path.slice(1),
      providesTags: (_result, _error, path) => [{ type: 'Lookup', id: path }],
    }),
    createLookup: build.mutation<Record<string, unknown>, { path: LookupPath; body: LookupBody }>({
      query: ({ path, body }) => ({ url: path.slice(1), method: 'POST', body }),
      invalidatesTags: (_r, _e, { path }) => [{ type: 'Lookup', id: path }],
    }),
    updateLookup: build.mutation<Record<string, unknown>, { path: LookupPath; id: number; body: LookupBody }>({
      query: ({ path, id, body }) => ({ url: `${path.slice(1)}/${id}`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { path }) => [{ type: 'Lookup', id: path }],
    }),
    deleteLookup: build.mutation<{ mensaje: string }, { path: LookupPath; id: number }>({
      query: ({ path, id }) => ({ url: `${path.slice(1)}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { path }) => [{ type: 'Lookup', id: path }],
    }),
  }),
});

export const { useListLookupQuery, useCreateLookupMutation, useUpdateLookupMutation, useDeleteLookupMutation } =
  lookupsApi;
