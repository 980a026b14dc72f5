// The cases the server computes too (tests/cases/, read by command/src/movements/cases.rs as
// well): a movement's total and a return's value. The web app shows both before it saves; the
// same files in both suites keep the two copies of the arithmetic from drifting apart.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { movimiento, producto } from '../test/seed';
import { estimar } from './returns/rules';
import { centsText } from '../lib/money';
import { applyDiscount, brutoCents, cobraMenos } from './form/totals';
import type { MovementForm } from './form/rules';

interface Casos<C> {
  casos: C[];
}
interface LineaCaso {
  producto?: number;
  cantidad: number;
  precio: number;
}
interface TotalCaso {
  nombre: string;
  lineas: LineaCaso[];
  adicionales: number[];
  descuento: number;
  total: number;
}
interface DevolucionCaso {
  nombre: string;
  venta: { lineas: LineaCaso[]; adicionales: number[]; descuento: number; total: number; pagado: number };
  antes: { productos: Record<string, number>; adicionales: number[]; valor: number; credito: number };
  pedido: { productos: [number, number][]; adicionales: number[] };
  valor: number;
  credito: number;
  reintegro: number;
}

interface CobroCaso {
  nombre: string;
  tipo: 'ENTRADA' | 'SALIDA';
  monto: number;
  montoImpuesto: number;
  cuotas: boolean;
  rechazado: boolean;
}

/** The shared cases' folder, at the repository's root. */
const CASES = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases');

const casos = <C>(file: string): C[] => (JSON.parse(readFileSync(join(CASES, file), 'utf8')) as Casos<C>).casos;

const pesos = (cents: number) => cents / 100;

describe('a movement’s total, as the server computes it', () => {
  for (const caso of casos<TotalCaso>('movement_total.json')) {
    it(caso.nombre, () => {
      const form = {
        lineas: caso.lineas.map((l, i) => ({ key: `l${i}`, cantidad: String(l.cantidad), precioCents: l.precio })),
        adicionales: caso.adicionales.map((subtotalCents, i) => ({ key: `a${i}`, subtotalCents })),
      } as unknown as MovementForm;
      expect(applyDiscount(brutoCents(form), caso.descuento)).toBe(caso.total);
    });
  }
});

describe('a return’s value, as the server computes it', () => {
  for (const caso of casos<DevolucionCaso>('return_value.json')) {
    it(caso.nombre, () => {
      const { venta, antes } = caso;
      const sale = movimiento({
        descuento: venta.descuento ? venta.descuento / 100 : null,
        total: pesos(venta.total),
        deuda: pesos(Math.max(0, venta.total - venta.pagado - antes.credito)),
        detalles: venta.lineas.map((l, i) => ({
          id: i + 1,
          cantidad: l.cantidad,
          precioUnitario: pesos(l.precio),
          subtotal: pesos(l.precio * l.cantidad),
          producto: { ...producto(), id: l.producto ?? 0 },
        })),
        detallesAdicionales: venta.adicionales.map((cents, i) => ({
          id: i + 1,
          descripcion: `Adicional ${i}`,
          subtotal: pesos(cents),
        })),
        devuelto: {
          productos: Object.entries(antes.productos).map(([id, cantidad]) => ({ productoId: Number(id), cantidad })),
          adicionales: antes.adicionales,
          valor: pesos(antes.valor),
          credito: pesos(antes.credito),
        },
      });
      const pedido = {
        productos: caso.pedido.productos.map(([productoId, cantidad]) => ({ productoId, cantidad })),
        adicionales: caso.pedido.adicionales,
      };
      expect(estimar(sale, pedido)).toEqual({ valor: caso.valor, credito: caso.credito, reintegro: caso.reintegro });
    });
  }
});

describe('a new payment of a sale takes at least what it credits, as the server checks it', () => {
  for (const caso of casos<CobroCaso>('payment_charge.json')) {
    it(caso.nombre, () => {
      const pago = {
        monto: centsText(caso.monto),
        montoImpuesto: centsText(caso.montoImpuesto),
        plan: caso.cuotas ? { cuotas: 6, recargo: 10 } : null,
      };
      expect(cobraMenos(caso.tipo, pago)).toBe(caso.rechazado);
      // Loaded as saved and sent back unchanged, a payment is the server's as it was.
      expect(cobraMenos(caso.tipo, { ...pago, guardado: { ...pago } })).toBe(false);
    });
  }
});
