import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { centsText, pesosOf, sumCents } from '../lib/money';
import { liquidacionDetalle, ventaSinPresentar, ventaPresentada, ventasSinPresentar } from '../test/seed';
import {
  aCargoCents,
  agregarDebito,
  cambiarDebito,
  cobroBody,
  cobroProblems,
  cobroYDebitos,
  debitable,
  detalleLineas,
  elegidas,
  estadoDe,
  formatCuit,
  mesAnterior,
  mesCorto,
  mesesElegibles,
  mesLargo,
  mesValido,
  nuevoCobro,
  ordenadas,
  porFacturar,
  presentarBody,
  presentarProblems,
  quedaPendiente,
  quitarDebito,
  recetaTexto,
  type CobroForm,
} from './rules';

const HOY = '2026-12-10';

/** A form with the reference typed and the given amount and débitos (sale, amount, reason). */
function cobro(monto: string, ...debitos: [number, string, string][]): CobroForm {
  let form: CobroForm = { ...nuevoCobro(HOY), referencia: 'TRF 0045', monto };
  for (const [movimientoId, m, motivo] of debitos) {
    form = agregarDebito(form, movimientoId);
    const last = form.debitos[form.debitos.length - 1];
    form = cambiarDebito(form, { ...last, monto: m, motivo });
  }
  return form;
}

describe('the months', () => {
  it('starts with last month, also across a new year', () => {
    expect(mesAnterior(new Date(2026, 11, 10))).toBe('2026-11');
    expect(mesAnterior(new Date(2027, 0, 1))).toBe('2026-12');
    expect(mesAnterior(new Date(2026, 2, 31))).toBe('2026-02');
  });

  it('writes a month as mm/aaaa and by its Spanish name', () => {
    expect(mesCorto('2026-11')).toBe('11/2026');
    expect(mesLargo('2026-01')).toBe('Enero de 2026');
    expect(mesLargo('2026-09')).toBe('Septiembre de 2026');
  });

  it('reads only aaaa-mm months the server takes', () => {
    expect(['2026-11', '2000-01'].map(mesValido)).toEqual([true, true]);
    expect(['2026-13', '2026-1', '1999-12', '', null, '2026-11-01'].map(mesValido)).toEqual(Array(6).fill(false));
  });

  it('offers the current month first and three years back, and a month a link named', () => {
    const meses = mesesElegibles(new Date(2026, 11, 10));
    expect(meses).toHaveLength(37);
    expect(meses.slice(0, 2)).toEqual([
      { value: '2026-12', label: 'Diciembre de 2026' },
      { value: '2026-11', label: 'Noviembre de 2026' },
    ]);
    expect(meses[36].value).toBe('2023-12');
    const conViejo = mesesElegibles(new Date(2026, 11, 10), '2020-05');
    expect(conViejo.map((m) => m.value).slice(-2)).toEqual(['2023-12', '2020-05']);
  });
});

describe('how obras sociales and sales read', () => {
  it('sorts obras sociales as Spanish does', () => {
    const list = [
      { id: 1, nombre: 'OSDE' },
      { id: 2, nombre: 'Ñandú Salud' },
      { id: 3, nombre: 'Nobis' },
      { id: 4, nombre: 'Ápice' },
    ];
    expect(ordenadas(list).map((o) => o.nombre)).toEqual(['Ápice', 'Nobis', 'Ñandú Salud', 'OSDE']);
  });

  it('writes a CUIT as AFIP does', () => {
    expect(formatCuit('30546741253')).toBe('30-54674125-3');
    expect(formatCuit('123')).toBe('123');
  });

  it('tells the prescription and the lines as the obra social reads them', () => {
    expect(recetaTexto(ventaSinPresentar())).toBe('Dra. Paz · MP 1234 · 30/10/2026');
    expect(recetaTexto(ventaSinPresentar({ medico: null, matricula: null, fechaReceta: null }))).toBe('');
    expect(detalleLineas(ventaSinPresentar())).toEqual(['1 × Essilor Orma Blue', '1 × Essilor Aviator']);
  });

  it('names each state in Spanish', () => {
    expect(estadoDe('PRESENTADA').nombre).toBe('Presentada');
    expect(estadoDe('COBRADA_PARCIAL').nombre).toBe('Cobrada en parte');
    expect(estadoDe('COBRADA').nombre).toBe('Cobrada');
  });
});

describe('presenting a month', () => {
  it('presents the checked sales, in the list’s order, and sums their part in cents', () => {
    const ventas = ventasSinPresentar();
    expect(aCargoCents(elegidas(ventas, new Set()))).toBe(7_380_000);
    const solo = elegidas(ventas, new Set([12]));
    expect(aCargoCents(solo)).toBe(2_880_000);
    expect(presentarBody(1, '2026-11', elegidas(ventas, new Set()))).toEqual({
      obraSocialId: 1,
      mes: '2026-11',
      ventas: [12, 15],
    });
    expect(presentarProblems(solo)).toEqual([]);
  });

  it('waits while nothing is checked', () => {
    expect(presentarProblems(elegidas(ventasSinPresentar(), new Set([12, 15])))).toEqual([
      'Elegí al menos una venta para presentar.',
    ]);
  });

  it('sums amounts with cents exactly', () => {
    const ventas = [ventaSinPresentar({ monto: 0.1 }), ventaSinPresentar({ movimientoId: 2, monto: 0.2 })];
    expect(aCargoCents(ventas)).toBe(30);
  });
});

describe('a presented sale', () => {
  it('may still be rejected up to what it was presented for minus earlier débitos', () => {
    const item = ventaPresentada(ventaSinPresentar(), { debitado: 1000.5, facturado: 1000 });
    expect(debitable(item)).toBe(4_399_950);
    expect(porFacturar(item)).toBe(50);
  });
});

describe('the payment’s form', () => {
  const l = () => liquidacionDetalle();

  it('reads the amount as es-AR, plain or with a decimal point alike', () => {
    for (const monto of ['73.800,00', '73800', '73800.00', '73.800']) {
      expect(quedaPendiente(7_380_000, cobro(monto))).toBe(0);
      expect(cobroProblems(l(), cobro(monto), HOY)).toEqual([]);
      expect(cobroBody(cobro(monto)).monto).toBe(73800);
    }
  });

  it('tells what would still be owed with the débitos', () => {
    const form = cobro('44.000', [12, '1.000,00', 'Falta troquel']);
    expect(cobroYDebitos(form)).toBe(4_500_000);
    expect(quedaPendiente(7_380_000, form)).toBe(2_880_000);
    expect(cobroProblems(l(), form, HOY)).toEqual([]);
    expect(cobroBody(form)).toEqual({
      fecha: HOY,
      referencia: 'TRF 0045',
      monto: 44000,
      debitos: [{ movimientoId: 12, monto: 1000, motivo: 'Falta troquel' }],
    });
  });

  it('refuses more than the obra social owes, payment and débitos together', () => {
    const form = cobro('73.000', [12, '800,01', 'Sin troquel']);
    expect(quedaPendiente(7_380_000, form)).toBe(-1);
    expect(cobroProblems(l(), form, HOY)).toEqual([
      'El cobro y los débitos suman más de lo que la obra social debe de esta liquidación ($ 73.800,00).',
    ]);
    const pagada = liquidacionDetalle({ cobrado: 73800, pendiente: 0, estado: 'COBRADA' });
    expect(cobroProblems(pagada, cobro('1'), HOY)).toEqual(['La liquidación ya está cobrada por completo.']);
  });

  it('asks for the reference, a day from the presentation to today and an amount or a débito', () => {
    expect(cobroProblems(l(), nuevoCobro(HOY), HOY)).toEqual([
      'Escribí la referencia del cobro (número de transferencia o de comprobante), de hasta 80 caracteres.',
      'Indicá el monto cobrado o al menos un débito.',
    ]);
    const fuera = { ...cobro('100'), fecha: '2026-11-30' };
    expect(cobroProblems(l(), fuera, HOY)).toEqual([
      'La fecha del cobro debe estar entre la presentación (01/12/2026) y hoy.',
    ]);
    expect(cobroProblems(l(), { ...cobro('100'), fecha: '2026-12-11' }, HOY)).toHaveLength(1);
    expect(cobroProblems(l(), { ...cobro('100'), fecha: '31/02/2026' }, HOY)).toEqual([
      'Escribí la fecha del cobro como dd/mm/aaaa.',
    ]);
    expect(cobroProblems(l(), { ...cobro('100'), referencia: 'x'.repeat(81) }, HOY)).toHaveLength(1);
    expect(cobroProblems(l(), cobro('mucho'), HOY)).toEqual([
      'Monto cobrado: No es un número. Escriba, por ejemplo, 1.234,56.',
    ]);
  });

  it('checks each débito as the server does', () => {
    const form = cobro('', [0, '10', 'x'], [12, '45.000,01', ''], [12, '1', 'Repetida'], [15, '0', 'Cero']);
    expect(cobroProblems(l(), form, HOY)).toEqual([
      'Elegí la venta de cada débito.',
      'El débito de la venta N.º 12 debe ser mayor a $ 0,00 y como máximo lo que cubría ($ 45.000,00).',
      'Escribí el motivo del débito de la venta N.º 12, de hasta 200 caracteres.',
      'La venta N.º 12 figura más de una vez.',
      'El débito de la venta N.º 15 debe ser mayor a $ 0,00 y como máximo lo que cubría ($ 28.800,00).',
    ]);
    expect(cobroProblems(l(), cobro('', [15, '1,234', 'Sin troquel']), HOY)).toEqual([
      'Débito de la venta N.º 15: Admite como máximo 2 decimales.',
    ]);
    // A débito alone is a payment too (nothing received).
    const soloDebito = cobro('', [15, '28.800', 'Receta vencida']);
    expect(cobroProblems(l(), soloDebito, HOY)).toEqual([]);
    expect(cobroBody(soloDebito).monto).toBe(0);
  });

  it('adds débito rows with keys of their own and removes the one asked for', () => {
    const form = agregarDebito(agregarDebito(nuevoCobro(HOY), 12), 15);
    expect(form.debitos.map((d) => [d.key, d.movimientoId])).toEqual([
      [1, 12],
      [2, 15],
    ]);
    const quitado = quitarDebito(form, 1);
    expect(agregarDebito(quitado).debitos.map((d) => d.key)).toEqual([2, 3]);
  });

  it('sends the texts collapsed', () => {
    const form = { ...cobro('10', [12, '5', '  Falta   la   receta ']), referencia: '  TRF   9 ' };
    const body = cobroBody(form);
    expect([body.referencia, body.debitos[0].motivo]).toEqual(['TRF 9', 'Falta la receta']);
  });
});

// The server checks a payment the same way (command/src/settlements `cobro`): both suites load
// these cases.
describe('a payment as the server checks it (tests/cases/settlement_payment.json)', () => {
  interface Caso {
    why: string;
    items: { movimientoId: number; presentado: number; debitado: number }[];
    cobrado: number;
    monto: number;
    debitos: { movimientoId: number; monto: number }[];
    errores: string[];
  }
  const FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/settlement_payment.json');
  const { casos } = JSON.parse(readFileSync(FILE, 'utf8')) as { casos: Caso[] };
  it.each(casos.map((c) => [c.why, c] as const))('%s', (_, c) => {
    const base = ventasSinPresentar()[0];
    const total = sumCents(c.items.map((i) => i.presentado));
    const debitado = sumCents(c.items.map((i) => i.debitado));
    const l = liquidacionDetalle({
      total: pesosOf(total),
      cobrado: pesosOf(c.cobrado),
      debitado: pesosOf(debitado),
      pendiente: pesosOf(total - c.cobrado - debitado),
      items: c.items.map((i) =>
        ventaPresentada(
          { ...base, movimientoId: i.movimientoId, monto: pesosOf(i.presentado) },
          { debitado: pesosOf(i.debitado) },
        ),
      ),
    });
    const form = cobro(
      centsText(c.monto),
      ...c.debitos.map((d): [number, string, string] => [d.movimientoId, centsText(d.monto), 'Sin receta']),
    );
    expect(cobroProblems(l, form, HOY)).toEqual(c.errores);
  });
});
