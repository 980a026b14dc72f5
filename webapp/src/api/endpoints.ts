// The pieces the API modules' endpoint definitions share: the requests of a record's writes, a
// list's query string, the tags a write invalidates, a file's download and the cache update a
// write's answer brings. One home, so every module builds a call the same way.
import type { FetchArgs, TypedMutationOnQueryStarted } from '@reduxjs/toolkit/query/react';
import { api, baseQuery, downloadFile } from './base';

/** `POST path` with the body: a record created in a collection, or a command. */
export const post =
  <Body>(path: string) =>
  (body: Body) => ({ url: path, method: 'POST', body });

/** `PUT path/id` with the body: a record replaced. */
export const update =
  <Body>(path: string) =>
  ({ id, body }: { id: number; body: Body }) => ({ url: `${path}/${id}`, method: 'PUT', body });

/** `DELETE path/id`. */
export const remove = (path: string) => (id: number) => ({ url: `${path}/${id}`, method: 'DELETE' });

type Build = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];
type Tags = Readonly<Parameters<typeof api.util.invalidateTags>[0]>;

/** A collection of records at `path` whose reads provide `tags` and whose writes invalidate them:
 * a read by the path its argument gives, and a record's create, update and delete. */
export const collection = <Saved, Body>(build: Build, path: string, tags: Tags) => ({
  read: <Answer, Arg>(query: (arg: Arg) => string) => build.query<Answer, Arg>({ query, providesTags: tags }),
  create: build.mutation<Saved, Body>({ query: post<Body>(path), invalidatesTags: tags }),
  update: build.mutation<Saved, { id: number; body: Body }>({ query: update<Body>(path), invalidatesTags: tags }),
  remove: build.mutation<{ mensaje: string }, number>({ query: remove(path), invalidatesTags: tags }),
});

/** A `POST` with the Idempotency-Key its screen made once per opened form or dialog: a double
 * click or a retry after a lost answer records one thing (the server answers the first again). */
export const keyedPost = (url: string, body: unknown, idempotencyKey: string) => ({
  url,
  method: 'POST',
  body,
  headers: { 'Idempotency-Key': idempotencyKey },
});

/** A list's path: the filter's blank values (0, '', false, null) are left out, in the filter's
 * order; the page and its size always go, last. */
export const listPath = (
  path: string,
  filter: Record<string, string | number | boolean | null>,
  { page, size }: { page: number; size: number },
) =>
  `${path}?${[
    ...Object.entries(filter)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}=${value}`),
    `page=${page}`,
    `size=${size}`,
  ].join('&')}`;

/** A write's `invalidatesTags`: what reads again once it succeeds, and once it is refused. */
export const whenSaved =
  <Saved, Refused = Saved>(saved: readonly Saved[], refused: readonly Refused[] = []) =>
  (result: unknown) =>
    result ? saved : refused;

/** A file's endpoint (`queryFn`): `file` names the request and the name to save it under. */
export const download =
  <Arg>(file: (arg: Arg) => { request: FetchArgs; fileName: string }) =>
  (arg: Arg, _api: unknown, _extra: unknown, query: Parameters<typeof downloadFile>[0]) => {
    const { request, fileName } = file(arg);
    return downloadFile(query, request, fileName);
  };

type OnQueryStarted<Answer, Arg> = NonNullable<TypedMutationOnQueryStarted<Answer, Arg, typeof baseQuery, 'api'>>;
type Dispatch = Parameters<OnQueryStarted<unknown, unknown>>[1]['dispatch'];

/** A write's `onQueryStarted`: once it succeeds, `keep` puts what its answer brings into the
 * cache. A refusal changes nothing here. */
export const onAnswer =
  <Answer, Arg>(keep: (answer: Answer, arg: Arg, dispatch: Dispatch) => void): OnQueryStarted<Answer, Arg> =>
  async (arg, { dispatch, queryFulfilled }) => {
    try {
      const { data } = await queryFulfilled;
      keep(data, arg, dispatch);
    } catch {
      // the screen tells the refusal
    }
  };
