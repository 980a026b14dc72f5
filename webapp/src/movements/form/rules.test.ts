import { describe, expect, it } from 'vitest';
import { scaleCents } from '../../lib/money';
import {
  locales,
  metodosPago,
  movimiento,
  movimientoEnviado,
  paciente,
  producto,
  reintegro,
  salida,
  ventaDevuelta,
} from '../../test/seed';
import { bloqueoDe, changeLocal, changeTipo, emptyMovementForm, formFromMovimiento, type MovementForm } from './rules';
import { addAdicional, addProducto, disponible, setCantidad } from './lines';
import {
  addPago,
  applyDiscount,
  checkDescuento,
  pagosEfectivos,
  removePago,
  setMetodoPago,
  setMonto,
  setMontoImpuesto,
  setPlan,
  totales,
} from './totals';
import { blocks, canSave, movimientoBody, saveBlockers, saveFailure, saveProblem } from './saving';

const NOW = '2025-06-01T09:15';
const LATER = '2025-06-01T09:16';

/** An ENTRADA at Centro with the given product lines and additional amounts. */
function entrada(extras: string[] = []): MovementForm {
  let f = changeTipo(emptyMovementForm(NOW, 1), 'ENTRADA');
  for (const [i, amount] of extras.entries()) f = addAdicional(f, `extra ${i}`, amount);
  return f;
}

const withPago = (f: MovementForm, monto: string, impuesto?: string) => {
  const next = addPago(f, metodosPago, NOW);
  const key = next.pagos[next.pagos.length - 1].key;
  const typed = setMonto(next, key, monto);
  return impuesto === undefined ? typed : setMontoImpuesto(typed, key, impuesto);
};

describe('money in cents', () => {
  it('adds without float drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const f = entrada(['0.1', '0.2']);
    expect(totales(f).totalCents).toBe(30);
    expect(movimientoBody(withPago(f, '0.3')).total).toBe(0.3);
  });

  it('scales and rounds to cents like the server', () => {
    expect(scaleCents(5, 10, 100)).toBe(1);
    expect(scaleCents(-5, 10, 100)).toBe(-1);
    expect(scaleCents(1000, 1, 3)).toBe(333);
    expect(applyDiscount(99999, 1250)).toBe(87499); // 999.99 less 12.5% = 874.99125
    expect(applyDiscount(100000, null)).toBe(100000);
  });
});

describe('totals, discount and debt', () => {
  it('the total is the product and additional subtotals less the discount', () => {
    let f = addProducto(entrada(['280']), producto()).form; // 360
    f = setCantidad(f, f.lineas[0].key, '2').form; // 720
    expect(totales(f).brutoCents).toBe(100000);
    f = { ...f, descuento: '10' };
    expect(totales(f).totalCents).toBe(90000);
  });

  it('a line subtotal is cantidad × precio, and the discount stays when lines are re-added', () => {
    let f = { ...addProducto(entrada(), producto()).form, descuento: '50' };
    expect(totales(f).totalCents).toBe(18000);
    f = addProducto(f, producto()).form; // one more on the same line: 2 × 360
    expect(f.lineas).toHaveLength(1);
    expect(f.lineas[0].cantidad).toBe('2');
    expect(totales(f).totalCents).toBe(36000);
    f = addAdicional(f, 'Armado', '100');
    expect(totales(f).totalCents).toBe(41000);
  });

  it('checks a discount when it is left', () => {
    expect(checkDescuento('150', 1000)).toEqual({ descuento: '0', problem: 'rango' });
    expect(checkDescuento('-1', 1000)).toEqual({ descuento: '0', problem: 'rango' });
    expect(checkDescuento('10', 0)).toEqual({ descuento: '0', problem: 'totalCero' });
    expect(checkDescuento('0', 0)).toEqual({ descuento: '0' });
    expect(checkDescuento(' 12.5 ', 1000)).toEqual({ descuento: '12.5' });
    expect(checkDescuento('', 0)).toEqual({ descuento: '' });
  });

  it('debt is the total less Σ monto, never below 0; full when the payments reach the total', () => {
    let f = withPago(entrada(['1000']), '400', '440');
    expect(totales(f)).toMatchObject({
      totalCents: 100000,
      pagadoCents: 40000,
      cobradoCents: 44000,
      deudaCents: 60000,
    });
    expect(totales(f).completo).toBe(false);
    f = withPago(f, '600');
    expect(totales(f)).toMatchObject({ deudaCents: 0, completo: true, excede: true }); // 440 + 600 charged
    f = withPago(entrada(['1000']), '1200');
    expect(totales(f)).toMatchObject({ deudaCents: 0, completo: true, excede: true });
  });

  it('a plan in cuotas computes montoImpuesto from monto; none brings back a typed one', () => {
    let f = withPago(entrada(['1000']), '500');
    const key = f.pagos[0].key;
    f = setMetodoPago(f, key, metodosPago[1]);
    f = setPlan(f, key, { cuotas: 6, recargo: 1000 });
    expect(f.pagos[0]).toMatchObject({ montoImpuesto: '550,00', plan: { cuotas: 6, recargo: 1000 } });
    f = setMonto(f, key, '123,45');
    // 123,45 + 10 % = 135,795, rounded half away from zero
    expect(f.pagos[0].montoImpuesto).toBe('135,80');
    expect(totales(f)).toMatchObject({ pagadoCents: 12345, cobradoCents: 13580, excede: false });
    expect(movimientoBody(f).cajaMovimientos[0]).toMatchObject({ monto: 123.45, montoImpuesto: 135.8, cuotas: 6 });
    expect(movimientoBody(f).totalImpuesto).toBe(135.8);
    f = setMonto(f, key, 'x');
    expect(f.pagos[0].montoImpuesto).toBe('');
    f = setPlan(setMonto(f, key, '200'), key, null);
    expect(f.pagos[0]).toMatchObject({ plan: null, montoImpuesto: '200', impuestoEditado: false });
    expect(movimientoBody(f).cajaMovimientos[0].cuotas).toBeNull();
  });

  it("a plan's surcharge is charged on top of the total: never above it, never change", () => {
    let f = withPago(entrada(['1000']), '1000');
    const key = f.pagos[0].key;
    f = setPlan(setMetodoPago(f, key, metodosPago[1]), key, { cuotas: 3, recargo: 1000 });
    expect(totales(f)).toMatchObject({ cobradoCents: 110000, deudaCents: 0, excede: false, vueltoCents: 0 });
    expect(saveBlockers(f)).toEqual([]);
    expect(movimientoBody(f)).toMatchObject({ total: 1000, totalImpuesto: 1100 });
    // A typed surcharge still counts against the total, and a monto above it too.
    f = withPago(f, '0', '1');
    expect(totales(f)).toMatchObject({ excede: true, vueltoCents: 100 });
    f = withPago(entrada(['1000']), '1100');
    expect(totales(f)).toMatchObject({ excede: true, vueltoCents: 10000 });
  });

  it("loads a saved payment's plan at the rate it was charged", () => {
    const [enCuotas, efectivo] = movimiento().cajaMovimientos;
    const f = formFromMovimiento(movimiento({ cajaMovimientos: [{ ...enCuotas, cuotas: 6, recargo: 10 }, efectivo] }));
    expect(f.pagos.map((p) => p.plan)).toEqual([{ cuotas: 6, recargo: 1000 }, null]);
    expect(movimientoBody(f).cajaMovimientos.map((p) => p.cuotas)).toEqual([6, null]);
  });

  it('montoImpuesto follows monto until it is typed', () => {
    let f = addPago(entrada(['100']), metodosPago, NOW);
    const key = f.pagos[0].key;
    expect(f.pagos[0]).toMatchObject({ monto: '0', montoImpuesto: '0', metodoPago: metodosPago[0], fecha: NOW });
    f = setMonto(f, key, '50');
    expect(f.pagos[0].montoImpuesto).toBe('50');
    f = setMontoImpuesto(f, key, '55');
    f = setMonto(f, key, '60');
    expect(f.pagos[0]).toMatchObject({ monto: '60', montoImpuesto: '55' });
    f = setMetodoPago(f, key, metodosPago[1]);
    expect(f.pagos[0].metodoPago).toEqual(metodosPago[1]);
    expect(removePago(f, key).pagos).toEqual([]);
  });
});

describe('stock', () => {
  it('refuses a product without stock at the branch, and a quantity above it', () => {
    const sinStock = producto({ productoLocales: [{ local: locales[1], stock: 4 }] });
    expect(addProducto(entrada(), sinStock).problem).toBe('sinStock');
    let f = addProducto(entrada(), producto()).form; // stock 3 at Centro
    f = setCantidad(f, f.lineas[0].key, '3').form;
    expect(addProducto(f, producto()).problem).toBe('superaStock');
    const over = setCantidad(f, f.lineas[0].key, '5');
    expect(over.problem).toBe('superaStock');
    expect(over.form.lineas[0].cantidad).toBe('3');
    const negative = setCantidad(f, f.lineas[0].key, '-2');
    expect(negative.problem).toBe('negativa');
    expect(negative.form.lineas[0].cantidad).toBe('0');
    expect(setCantidad(f, f.lineas[0].key, '').form.lineas[0].cantidad).toBe('');
  });

  it('an edit may take again what the movement already took at its branch', () => {
    const f = formFromMovimiento(movimiento()); // 2 taken, 3 left at Centro
    expect(disponible(f, producto())).toBe(5);
    expect(setCantidad(f, f.lineas[0].key, '5').problem).toBeUndefined();
    expect(disponible(changeLocal(f, 2, NOW), producto())).toBe(0);
  });
});

describe('type and branch changes', () => {
  const filled = () => {
    let f = emptyMovementForm(NOW, 1, paciente());
    f = { ...f, vendedor: 'Ana', descripcion: 'algo', descuento: '5' };
    return withPago(addProducto(addAdicional(f, 'x', '10'), producto()).form, '10');
  };

  it('a patient route starts an ENTRADA ordering lenses', () => {
    expect(emptyMovementForm(NOW, 1, paciente())).toMatchObject({ tipo: 'ENTRADA', estado: 'PEDIDO_CRISTALES' });
    expect(emptyMovementForm(NOW, null)).toMatchObject({ tipo: '', estado: null, paciente: null });
  });

  it('a new type clears totals, texts, lines and payments; SALIDA also the patient', () => {
    const cleared = { vendedor: '', descripcion: '', lineas: [], adicionales: [], descuento: '', pagos: [] };
    expect(changeTipo(filled(), 'ENTRADA')).toMatchObject({ ...cleared, estado: 'PEDIDO_CRISTALES' });
    expect(changeTipo(filled(), 'ENTRADA').paciente?.id).toBe(7);
    expect(changeTipo(filled(), 'SALIDA')).toMatchObject({ ...cleared, paciente: null, estado: null });
  });

  it('a new branch clears the same and resets the date', () => {
    const f = changeLocal({ ...filled(), fecha: '2020-01-01T10:00' }, 2, LATER);
    expect(f).toMatchObject({ localId: 2, fecha: LATER, lineas: [], adicionales: [], pagos: [], vendedor: '' });
    expect(f.paciente?.id).toBe(7);
  });
});

describe('saving', () => {
  it('needs a type; ENTRADA needs branch, date and a line; SALIDA description, branch, total and date', () => {
    expect(canSave(emptyMovementForm(NOW, 1))).toBe(false);
    expect(canSave(entrada())).toBe(false);
    expect(canSave(entrada(['10']))).toBe(true);
    expect(canSave({ ...entrada(['10']), localId: null })).toBe(false);
    expect(canSave({ ...entrada(['10']), fecha: '' })).toBe(false);
    const s = changeTipo(emptyMovementForm(NOW, 1), 'SALIDA');
    expect(canSave({ ...s, totalSalida: '100' })).toBe(false);
    expect(canSave({ ...s, totalSalida: '100', descripcion: 'Luz' })).toBe(true);
    expect(canSave({ ...s, totalSalida: '0', descripcion: 'Luz' })).toBe(false);
  });

  it('needs a payment, and payments within the total (an ENTRADA and a SALIDA alike)', () => {
    expect(saveProblem(entrada(['10']))).toBe('sinPagos');
    expect(saveProblem(withPago(entrada(['10']), '10'))).toBeNull();
    const over = withPago(entrada(['10']), '5', '11');
    expect(saveProblem(over)).toBe('excede');
    expect(blocks(over, 'excede')).toBe(true);
    const s = { ...changeTipo(emptyMovementForm(NOW, 1), 'SALIDA'), descripcion: 'Luz', totalSalida: '100' };
    const sOver = withPago(withPago(s, '0'), '20');
    expect(saveProblem(sOver)).toBe('excede');
    expect(blocks(sOver, 'excede')).toBe(true);
    expect(saveProblem({ ...withPago(entrada(['0']), '0'), descuento: '10' })).toBe('descuentoTotalCero');
  });

  it('a SALIDA is paid by its first payment for the whole total', () => {
    const s = withPago(
      { ...changeTipo(emptyMovementForm(NOW, 2), 'SALIDA'), descripcion: ' Luz ', totalSalida: '1500.5' },
      '0',
    );
    expect(pagosEfectivos(s)[0]).toMatchObject({ monto: '1.500,50', montoImpuesto: '1.500,50' });
    expect(movimientoBody(s)).toEqual({
      tipoMovimiento: 'SALIDA',
      fecha: NOW,
      total: 1500.5,
      totalImpuesto: 1500.5,
      descripcion: 'Luz',
      vendedor: null,
      paciente: null,
      detalles: [],
      detallesAdicionales: [],
      cajaMovimientos: [
        { monto: 1500.5, montoImpuesto: 1500.5, metodoPago: { id: 1, nombre: 'Efectivo' }, fecha: NOW, cuotas: null },
      ],
      local: { id: 2 },
      estadoMovimiento: null,
      cobertura: null,
    });
  });

  it('builds the ENTRADA body; descuento only when typed', () => {
    let f = emptyMovementForm(NOW, 1, paciente());
    f = addProducto(addAdicional(f, ' Cristal Orma ', '280'), producto()).form;
    f = withPago({ ...f, vendedor: ' Beto ', estado: 'ENTREGADO' }, '300', '330');
    const body = movimientoBody(f);
    expect(body).toEqual({
      tipoMovimiento: 'ENTRADA',
      fecha: NOW,
      total: 640,
      totalImpuesto: 330,
      descripcion: null,
      vendedor: 'Beto',
      paciente: { id: 7 },
      detalles: [{ cantidad: 1, precioUnitario: 360, subtotal: 360, producto: { id: 10 } }],
      detallesAdicionales: [{ descripcion: 'Cristal Orma', subtotal: 280 }],
      cajaMovimientos: [
        { monto: 300, montoImpuesto: 330, metodoPago: { id: 1, nombre: 'Efectivo' }, fecha: NOW, cuotas: null },
      ],
      local: { id: 1 },
      estadoMovimiento: 'ENTREGADO',
      // A patient without an obra social: no coverage, said so the server never keeps an old one.
      cobertura: null,
    });
    expect(body).not.toHaveProperty('descuento');
    expect(movimientoBody({ ...f, descuento: '12.5' })).toMatchObject({ descuento: 12.5, total: 560 });
    expect(movimientoBody({ ...f, descuento: '0' }).descuento).toBe(0);
  });

  it('a loaded movement goes back as it came', () => {
    const f = formFromMovimiento(movimiento());
    expect(f.lineas[0]).toMatchObject({ id: 11, cantidad: '2', precioCents: 36000 });
    expect(f.adicionales[0]).toMatchObject({ id: 12, subtotalCents: 28000 });
    expect(f.pagos.map((p) => [p.id, p.impuestoEditado])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(totales(f)).toMatchObject({ deudaCents: 5000, completo: false, excede: false });
    expect(movimientoBody(f)).toEqual(movimientoEnviado());
    const s = formFromMovimiento(salida());
    expect(s).toMatchObject({ tipo: 'SALIDA', totalSalida: '1.500,00', estado: null, localId: 2 });
    expect(movimientoBody(s)).toMatchObject({ total: 1500, totalImpuesto: 1500, estadoMovimiento: null });
  });

  it('tells a refused save by its answer', () => {
    expect(saveFailure({ status: 400, data: { mensaje: 'Datos inválidos', errors: ['a', 'b'] } })).toEqual({
      title: 'ERROR DE VALIDACIÓN',
      text: 'a, b',
    });
    expect(
      saveFailure({
        status: 400,
        data: { mensaje: 'Error al crear el movimiento', error: 'Stock insuficiente para el producto: X' },
      }),
    ).toEqual({ title: 'Error al crear el movimiento', text: 'Stock insuficiente para el producto: X' });
    expect(saveFailure({ status: 404, data: { mensaje: 'no existe' } })).toEqual({ title: 'ERROR', text: 'no existe' });
    expect(saveFailure({ status: 'FETCH_ERROR', error: 'x' })).toBeNull();
  });
});

describe('a movement with returns', () => {
  it('a refund is only read; a sale with returns keeps what was sold', () => {
    expect(bloqueoDe(undefined)).toBeNull();
    expect(bloqueoDe(movimiento())).toBeNull();
    expect(bloqueoDe(reintegro())).toBe('reintegro');
    expect(bloqueoDe(ventaDevuelta())).toBe('devoluciones');
  });

  it('counts what the returns cancelled as paid, and keeps the payments above what they refunded', () => {
    // 900, paid 450 + 400; the return was worth 324, of which 50 cancelled the debt.
    const f = formFromMovimiento(ventaDevuelta());
    expect(f.devuelto).toEqual({ valor: 32400, credito: 5000 });
    expect(totales(f)).toMatchObject({ pagadoCents: 85000, deudaCents: 0, completo: true, excede: false });
    // Up to the total less the credit: 850 is all it may be paid.
    const more = setMonto(f, f.pagos[1].key, '401');
    expect(totales(more).excede).toBe(true);
    // At least the 274 refunded.
    const less = setMonto(setMonto(f, f.pagos[0].key, '0'), f.pagos[1].key, '273,99');
    expect(saveBlockers(less)).toEqual(['Ya se reintegraron $ 274,00 de esta venta: sus pagos no pueden sumar menos.']);
    expect(saveBlockers(setMonto(less, f.pagos[1].key, '274'))).toEqual([]);
    // A movement without returns is as before.
    expect(formFromMovimiento(movimiento()).devuelto).toEqual({ valor: 0, credito: 0 });
    expect(totales(formFromMovimiento(movimiento())).deudaCents).toBe(5000);
  });
});
