import { describe, expect, it } from 'vitest';
import { asiento, datosMovimiento, evento, eventoMovimiento } from '../test/seed';
import {
  cambioText,
  diffMovimiento,
  fieldText,
  listSummary,
  movementChanges,
  sameJson,
  signed,
  stockAlMomento,
} from './rules';

describe('audit rules', () => {
  it('signs quantities', () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '-2', '0']);
  });

  it("keeps each branch's last balance", () => {
    expect(
      stockAlMomento([
        asiento(),
        asiento({ localId: 2, localNombre: null, stock: 1 }),
        asiento({ cantidad: -2, stock: 3 }),
      ]),
    ).toEqual([
      { localId: 1, localNombre: 'Centro', stock: 3 },
      { localId: 2, localNombre: 'Local 2', stock: 1 },
    ]);
    expect(stockAlMomento([])).toEqual([]);
  });

  it('compares JSON by value, key order aside', () => {
    expect(sameJson({ a: [1, { b: 2, c: null }] }, { a: [1, { c: null, b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it('summarises lists by count and total', () => {
    expect(listSummary('lineas', [])).toBe('0 líneas, total $ 0,00');
    expect(listSummary('pagos', [{ monto: 100, monto_impuesto: 105.5 }])).toBe('1 pago, total $ 105,50');
    expect(listSummary('otra', [1, 2])).toBe('2 elementos');
  });

  it('shows money, discounts and dates as es-AR writes them', () => {
    expect(fieldText('total', 359999.96)).toBe('$ 359.999,96');
    expect(fieldText('descuento', 7.5)).toBe('7,5%');
    expect(fieldText('fecha', '2024-05-13T08:00:00')).toBe('13/05/2024 08:00');
  });

  it('lists the changed top-level fields of a movement', () => {
    const antes = datosMovimiento();
    expect(diffMovimiento(antes, { ...antes })).toEqual([]);
    const cambios = diffMovimiento(antes, {
      ...antes,
      tipo: 'SALIDA',
      local_id: 2,
      paciente_id: null,
      estado: null,
      // Same count and total, another product: the detail changed.
      lineas: [{ ...(antes.lineas as object[])[0], producto_id: 12, modelo: 'CL100' }],
      nuevo_campo: 'x',
    });
    expect(cambios.map(cambioText)).toEqual([
      'Tipo: ENTRADA → SALIDA',
      'Local: 1 → 2',
      'Paciente: 7 → —',
      'Líneas: 1 línea, total $ 2.000,00 → 1 línea, total $ 2.000,00 (detalle modificado)',
      'Estado: Pidiendo Cristales → —',
      'nuevo_campo: — → x',
    ]);
  });

  it('diffs each edit against the movement as it stood before it', () => {
    const a = datosMovimiento();
    const b = datosMovimiento({ vendedor: 'beto', estado: 'ANTEOJO_TERMINADO' });
    const c = datosMovimiento({ vendedor: 'carla', estado: 'ANTEOJO_TERMINADO' });
    const changes = movementChanges([
      eventoMovimiento('MovimientoRegistrado', 1, a),
      evento({ evento: 'EstadoCambiado', datos: { anterior: 'PEDIDO_CRISTALES', nuevo: 'ARMANDO_PEDIDO' } }),
      eventoMovimiento('MovimientoEditado', 3, b),
      evento({ evento: 'MovimientoEliminado', datos: null }),
      eventoMovimiento('MovimientoEditado', 5, c),
    ]);
    expect([...changes.keys()]).toEqual([2, 4]);
    expect(changes.get(2)?.map(cambioText)).toEqual([
      'Vendedor: ana → beto',
      'Estado: Armando Pedido → Anteojo Terminado',
    ]);
    expect(changes.get(4)?.map(cambioText)).toEqual(['Vendedor: beto → carla']);
    expect(movementChanges([eventoMovimiento('MovimientoEditado', 1, a)]).get(0)).toBeNull();
  });
});
