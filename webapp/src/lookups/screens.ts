// What differs between the seven lookup administration screens (spec 000 sections 2 and 5,
// spec 001 sections 2, 5 and 8). The limits match the server's validation.
import type { LookupItem, LookupPath } from '../api/types';

export type FieldName = 'nombre' | 'direccion' | 'celular';

export interface Field {
  name: FieldName;
  label: string;
  maxLength: number;
}

export interface LookupScreen {
  path: LookupPath;
  title: string;
  /** "LA MARCA", "EL MÉTODO DE PAGO": used in the error titles. */
  noun: string;
  fields: Field[];
  /** After a successful action: go to inicio, or stay and reload the list (brands). */
  after: 'inicio' | 'reload';
  /** Categories: a checkbox for whether the category's products are lenses. */
  cristales?: boolean;
  /** Height of the scroll box around the list, when it has one. */
  listHeight?: number;
  /** What the user is told when the item is still in use and cannot be deleted. */
  deleteRefused: string;
  /** A screen of each item's own, linked from its line (a payment method's plans in cuotas). */
  itemLink?: { label: string; to: (item: LookupItem) => string };
}

const nombre = (maxLength = 40): Field => ({ name: 'nombre', label: 'Nombre', maxLength });
const direccion: Field = { name: 'direccion', label: 'Dirección', maxLength: 120 };
const celular: Field = { name: 'celular', label: 'Celular', maxLength: 20 };

export const screens = {
  categoria: {
    path: '/api/categoria',
    title: 'ADMINISTRAR CATEGORÍAS',
    noun: 'LA CATEGORÍA',
    fields: [nombre()],
    cristales: true,
    after: 'inicio',
    deleteRefused: 'Existen productos con esta categoría. Por favor elimine esos productos para continuar',
  },
  marca: {
    path: '/api/marca',
    title: 'ADMINISTRAR MARCAS',
    noun: 'LA MARCA',
    fields: [nombre()],
    after: 'reload',
    listHeight: 300,
    deleteRefused: 'Existen Productos con la marca. Por favor elimine esos productos para continuar',
  },
  material: {
    path: '/api/materialProducto',
    title: 'ADMINISTRAR MATERIALES',
    noun: 'EL MATERIAL',
    fields: [nombre()],
    after: 'inicio',
    listHeight: 200,
    deleteRefused: 'Existen producto con este material. Por favor elimine esos productos para continuar',
  },
  metodoPago: {
    path: '/api/metodoPago',
    title: 'ADMINISTRAR MÉTODOS DE PAGO',
    noun: 'EL MÉTODO DE PAGO',
    fields: [nombre(50)],
    after: 'inicio',
    deleteRefused: 'Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar',
    // A card's plans in cuotas and their surcharges.
    itemLink: { label: 'Planes de cuotas', to: (item) => `/metodosPago/${item.id}/planes` },
  },
  local: {
    path: '/api/local',
    title: 'ADMINISTRAR LOCALES',
    noun: 'EL LOCAL',
    fields: [nombre(), direccion, celular],
    after: 'inicio',
    deleteRefused:
      'Existen Movimientos en la Caja o productos que poseen este local. Por favor elimine esos movimientos o productos para continuar',
  },
  proveedor: {
    path: '/api/proveedor',
    title: 'ADMINISTRAR PROVEEDORES',
    noun: 'EL PROVEEDOR',
    fields: [nombre(), celular],
    after: 'inicio',
    listHeight: 300,
    deleteRefused: 'Existen productos con este proveedor. Por favor elimine esos productos para continuar',
  },
  // The labs that make the lenses of the shop's jobs.
  laboratorio: {
    path: '/api/laboratorio',
    title: 'ADMINISTRAR LABORATORIOS',
    noun: 'EL LABORATORIO',
    fields: [nombre(), celular],
    after: 'inicio',
    listHeight: 300,
    deleteRefused: 'Existen trabajos encargados a este laboratorio. Por favor elimine esos trabajos para continuar',
  },
} satisfies Record<string, LookupScreen>;
