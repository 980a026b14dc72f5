// Names for the generated API types (src/api/schema.d.ts comes from the server's OpenAPI
// document; regenerate with scripts/gen-api, never edit it by hand).
import type { components, paths } from './schema';

type Schemas = components['schemas'];
export type Nombrado = Schemas['Nombrado'];
export type Local = Schemas['Local'];
export type LookupBody = Schemas['LookupBody'];
export type TokenResponse = Schemas['TokenResponse'];

/** Any lookup item: every kind has id and nombre; branches, suppliers and labs have more. */
export type LookupItem = Nombrado & Partial<Pick<Local, 'direccion' | 'celular'>>;

/** The lookup collections the server exposes, as they appear in its paths. */
export type LookupPath = Extract<
  keyof paths,
  | '/api/categoria'
  | '/api/marca'
  | '/api/materialProducto'
  | '/api/metodoPago'
  | '/api/local'
  | '/api/proveedor'
  | '/api/laboratorio'
>;

/** Fails to compile when a body the app sends (`Sent`) stops being one the server accepts. */
export type Accepts<Server, Sent extends Server> = Sent;
