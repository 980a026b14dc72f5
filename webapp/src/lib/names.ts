// How staff and customers name a sale: by the number printed on the customer's receipt. Only a
// sale without one (recorded before receipts were numbered, or not a sale) falls back to its
// number in the system.

type Numerada = { comprobante?: string | null };

/** `0001-00000005`, or `#7` without a receipt. */
export const ventaNumero = (venta: Numerada, id: number) => venta.comprobante || `#${id}`;

/** `Venta 0001-00000005`. */
export const ventaNombre = (venta: Numerada, id: number) => `Venta ${ventaNumero(venta, id)}`;
