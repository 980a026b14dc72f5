// The counter's rules of the movement form, without a DOM: the seller a form starts with, a
// walk-in sale's state, the change of an over-payment, the discount's range and the cash days a
// save touches.
import { describe, expect, it } from 'vitest';
import { metodosPago, movimiento, paciente } from '../../test/seed';
import { diasQueCuenta } from './closedDay';
import { PROBLEMS } from './messages';
import {
  changeLocal,
  changeTipo,
  emptyMovementForm,
  estadoPorDefecto,
  formFromMovimiento,
  setEstado,
  setPaciente,
  type MovementForm,
} from './rules';
import { addAdicional } from './lines';
import { saveBlockers } from './saving';
import { addPago, checkDescuento, descuentoEnRango, descuentoOf, setMonto, setMontoImpuesto, totales } from './totals';

const NOW = '2025-06-01T09:15';

const entrada = (amount: string): MovementForm =>
  addAdicional(changeTipo(emptyMovementForm(NOW, 1, null, 'ana'), 'ENTRADA', 'ana'), 'Estuche', amount);

const withPago = (f: MovementForm, monto: string, impuesto?: string, at = NOW) => {
  const next = addPago(f, metodosPago, at);
  const key = next.pagos[next.pagos.length - 1].key;
  const typed = setMonto(next, key, monto);
  return impuesto === undefined ? typed : setMontoImpuesto(typed, key, impuesto);
};

describe('the seller', () => {
  it('starts as the logged-in user, and a type or branch change starts it again so', () => {
    expect(emptyMovementForm(NOW, 1, null, 'beto').vendedor).toBe('beto');
    const typed = { ...emptyMovementForm(NOW, 1, null, 'beto'), vendedor: 'Eva' };
    expect(changeTipo(typed, 'SALIDA', 'beto').vendedor).toBe('beto');
    expect(changeLocal(typed, 2, NOW, 'beto').vendedor).toBe('beto');
    expect(formFromMovimiento(movimiento({ vendedor: null })).vendedor).toBe('');
  });
});

describe("a sale's state", () => {
  it('is delivered for a walk-in sale and asks for lenses for a patient', () => {
    expect(estadoPorDefecto(null)).toBe('ENTREGADO');
    expect(estadoPorDefecto(paciente())).toBe('PEDIDO_CRISTALES');
    expect(changeTipo(emptyMovementForm(NOW, 1), 'ENTRADA').estado).toBe('ENTREGADO');
    expect(emptyMovementForm(NOW, 1, paciente())).toMatchObject({ tipo: 'ENTRADA', estado: 'PEDIDO_CRISTALES' });
  });

  it('follows the patient until the user picks one', () => {
    const f = changeTipo(emptyMovementForm(NOW, 1), 'ENTRADA');
    expect(setPaciente(f, paciente()).estado).toBe('PEDIDO_CRISTALES');
    expect(setPaciente(setPaciente(f, paciente()), null).estado).toBe('ENTREGADO');
    const picked = setEstado(f, 'ARMANDO_PEDIDO');
    expect(setPaciente(picked, paciente()).estado).toBe('ARMANDO_PEDIDO');
    // A type or branch change starts it again from the patient's default.
    expect(changeLocal(picked, 2, NOW).estado).toBe('ENTREGADO');
    // A saved sale keeps its state.
    const saved = formFromMovimiento(movimiento({ estadoMovimiento: 'ANTEOJO_TERMINADO' }));
    expect(setPaciente(saved, null).estado).toBe('ANTEOJO_TERMINADO');
    // A SALIDA has none.
    expect(setPaciente(changeTipo(f, 'SALIDA'), paciente()).estado).toBeNull();
  });
});

describe('an over-payment', () => {
  it('tells the change and waits, before the click', () => {
    const f = withPago(entrada('1500'), '2000');
    expect(totales(f)).toMatchObject({ excede: true, vueltoCents: 50000 });
    expect(saveBlockers(f)).toEqual([PROBLEMS.excede(50000)]);
    expect(PROBLEMS.excede(50000)).toBe(
      'La suma de los pagos no puede exceder el total del movimiento. Registrá el pago por el total y entregá el vuelto de $ 500,00.',
    );
    // What is charged with the surcharge counts too.
    expect(totales(withPago(entrada('1500'), '1500', '1600'))).toMatchObject({ excede: true, vueltoCents: 10000 });
    expect(totales(withPago(entrada('1500'), '1500'))).toMatchObject({ excede: false, vueltoCents: 0 });
    expect(saveBlockers(withPago(entrada('1500'), '1500'))).toEqual([]);
  });
});

describe('the discount', () => {
  it('reads a percentage with its sign, and refuses one outside 0..100 until it is left', () => {
    for (const text of ['10%', '10 %', '10', ' 10 % ']) expect(descuentoOf(text)).toBe(1000);
    expect(descuentoOf('10,5')).toBe(1050);
    expect(descuentoOf('10.5%')).toBe(1050);
    expect([0, 10000, -1, 10001].map(descuentoEnRango)).toEqual([true, true, false, false]);
    expect(saveBlockers({ ...entrada('100'), descuento: '150' })).toEqual(['El descuento debe estar entre 0% y 100%']);
    expect(saveBlockers({ ...entrada('100'), descuento: '-5' })).toEqual(['El descuento debe estar entre 0% y 100%']);
    expect(checkDescuento('150%', 10000)).toEqual({ descuento: '0', problem: 'rango' });
    expect(checkDescuento(' 10 % ', 10000)).toEqual({ descuento: '10 %' });
  });
});

describe('the cash days a save touches', () => {
  it("are a new movement's day and its new payments' days; an edit's new payments only", () => {
    expect(diasQueCuenta(entrada('100'), true)).toEqual(['2025-06-01']);
    const otroDia = { ...entrada('100'), fecha: '2025-05-30T18:00' };
    expect(diasQueCuenta(withPago(otroDia, '100'), true)).toEqual(['2025-05-30', '2025-06-01']);
    expect(diasQueCuenta({ ...entrada('100'), fecha: '30/05' }, true)).toEqual([]);
    const edit = formFromMovimiento(movimiento());
    expect(diasQueCuenta(edit, false)).toEqual([]);
    expect(diasQueCuenta(withPago(edit, '50', undefined, '2025-06-01T10:00'), false)).toEqual(['2025-06-01']);
  });
});
