import { describe, expect, it } from 'vitest';
import { cajaAbierta, cajaCerrada, cajaContada, cajaSinAbrir, cierre } from '../test/seed';
import { PROBLEMS } from './messages';
import {
  aperturaBody,
  aperturaProblems,
  cierreBody,
  conteoEspera,
  conteoProblems,
  conteoResumen,
  conteoTexts,
  contada,
  cuadra,
  diferenciaNota,
  diferenciasChart,
  esperaMotivo,
  filas,
  fondoFilas,
  fondoTexts,
  motivoCounter,
  motivoDelCierre,
  reaperturaBody,
  reaperturaProblems,
  totalFilas,
} from './rules';

const HOY = '2026-11-21';

describe('the float', () => {
  it('starts from what is saved, a method without one blank', () => {
    expect(fondoTexts(cajaSinAbrir())).toEqual({ 1: '', 2: '' });
    expect(fondoTexts(cajaAbierta())).toEqual({ 1: '1.000,00', 2: '' });
  });

  it('sends the methods with a float, read as people type money', () => {
    expect(aperturaBody(cajaSinAbrir(), { 1: '1.234,56', 2: '' })).toEqual({
      fondo: [{ metodoPagoId: 1, monto: 1234.56 }],
    });
    expect(aperturaBody(cajaSinAbrir(), { 1: '0', 2: '50.5' })).toEqual({ fondo: [{ metodoPagoId: 2, monto: 50.5 }] });
  });

  it('says why it cannot be sent: an unreadable amount, a day still to come, an unchanged float', () => {
    expect(aperturaProblems(cajaSinAbrir(), { 1: '', 2: '' }, HOY)).toEqual([]);
    expect(aperturaProblems(cajaSinAbrir(), { 1: '1,2,3', 2: '' }, HOY)).toEqual([
      'Fondo de Efectivo: Tiene más de una coma: la coma separa los decimales (1.234,56).',
    ]);
    expect(aperturaProblems(cajaSinAbrir(), { 1: '10' }, '2026-11-20')).toEqual([PROBLEMS.diaFuturo]);
    expect(aperturaProblems(cajaAbierta(), { 1: '1.000', 2: '' }, HOY)).toEqual([PROBLEMS.sinCambios]);
    expect(aperturaProblems(cajaAbierta(), { 1: '1.500', 2: '' }, HOY)).toEqual([]);
  });
});

describe('the count', () => {
  it('is blind: nothing expected before the first count', () => {
    expect(contada(cajaAbierta())).toBe(false);
    expect(filas(cajaAbierta())).toEqual([]);
    expect(conteoTexts(cajaAbierta())).toEqual({ 1: '', 2: '' });
  });

  it('needs every method counted, zero written as 0, and a reason of at most 255 characters', () => {
    expect(conteoProblems(cajaAbierta(), { 1: '2100', 2: '' }, '', HOY)).toEqual([
      'Contado de Tarjeta: escribí el monto (0 si no hay).',
    ]);
    expect(conteoProblems(cajaAbierta(), { 1: '2100', 2: 'mil' }, '', HOY)).toEqual([
      'Contado de Tarjeta: No es un número. Escriba, por ejemplo, 1.234,56.',
    ]);
    expect(conteoProblems(cajaAbierta(), { 1: '2100', 2: '0' }, 'x'.repeat(256), HOY)).toEqual([
      'El motivo debe tener como máximo 255 caracteres.',
    ]);
    expect(conteoProblems(cajaAbierta(), { 1: '2100', 2: '0' }, 'x'.repeat(255), HOY)).toEqual([]);
    expect(conteoProblems(cajaAbierta({ metodos: [] }), {}, '', HOY)).toEqual([PROBLEMS.sinMetodos]);
  });

  it('sends every method and the reason only when one was written', () => {
    expect(cierreBody(cajaAbierta(), { 1: '2.100,50', 2: '0' }, '  ')).toEqual({
      contado: [
        { metodoPagoId: 1, monto: 2100.5 },
        { metodoPagoId: 2, monto: 0 },
      ],
    });
    expect(cierreBody(cajaAbierta(), { 1: '2100', 2: '800' }, ' Vuelto mal dado ').motivo).toBe('Vuelto mal dado');
  });

  it('shows per method the float, expected, counted and difference in cents, with their total', () => {
    const rows = filas(cajaContada());
    expect(rows).toEqual([
      { metodoPagoId: 1, metodo: 'Efectivo', fondo: 100000, esperado: 220000, contado: 210000, diferencia: -10000 },
      { metodoPagoId: 2, metodo: 'Tarjeta', fondo: 0, esperado: 80000, contado: 80000, diferencia: 0 },
    ]);
    expect(totalFilas(rows)).toEqual({ fondo: 100000, esperado: 300000, contado: 290000, diferencia: -10000 });
    expect(cuadra(rows)).toBe(false);
    expect([diferenciaNota(-10000), diferenciaNota(0), diferenciaNota(1)]).toEqual(['Falta', 'Cuadra', 'Sobra']);
  });

  it('starts a recount from the last count and asks for the reason while an open day differs', () => {
    expect(conteoTexts(cajaContada())).toEqual({ 1: '2.100,00', 2: '800,00' });
    expect(esperaMotivo(cajaContada())).toBe(true);
    expect(esperaMotivo(cajaCerrada())).toBe(false);
    expect(esperaMotivo(cajaAbierta())).toBe(false);
  });
});

describe('the reopening', () => {
  it('needs a reason', () => {
    expect(reaperturaProblems('  ')).toEqual([PROBLEMS.sinMotivoReapertura]);
    expect(reaperturaProblems('Faltó una venta')).toEqual([]);
    expect(reaperturaBody(' Faltó una venta ')).toEqual({ motivo: 'Faltó una venta' });
    expect(motivoCounter('Faltó')).toBe('5/255');
  });
});

describe('the chart of differences', () => {
  it('charts closed days oldest first, one series per branch', () => {
    const chart = diferenciasChart([
      cierre({ fecha: '2026-11-22', local: 'Norte', localId: 2, diferencia: 50 }),
      cierre({ fecha: '2026-11-22', diferencia: 0 }),
      cierre({ fecha: '2026-11-21' }),
      cierre({ fecha: '2026-11-23', estado: 'ABIERTA' }),
    ]);
    expect(chart.locales).toEqual(['Norte', 'Centro']);
    expect(chart.data).toEqual([
      { fecha: '2026-11-21', Centro: -100 },
      { fecha: '2026-11-22', Norte: 50, Centro: 0 },
    ]);
  });
});

describe('the count before the evening', () => {
  it('waits without errors while nothing of a first count is typed', () => {
    expect(conteoEspera(cajaAbierta(), { 1: '', 2: ' ' }, '', HOY)).toEqual({
      problems: [PROBLEMS.sinContar],
      pending: true,
    });
    expect(conteoEspera(cajaAbierta(), { 1: '5', 2: '' }, '', HOY)).toEqual({
      problems: [PROBLEMS.contadoVacio('Tarjeta')],
      pending: false,
    });
    // A recount starts from the last count: never 'not begun'.
    expect(conteoEspera(cajaContada(), { 1: '', 2: '' }, '', HOY).pending).toBe(false);
    // Other reasons stay, only the blank amounts give way.
    expect(conteoEspera(cajaAbierta({ fecha: '2026-11-22' }), {}, '', HOY)).toEqual({
      problems: [PROBLEMS.diaFuturo, PROBLEMS.sinContar],
      pending: true,
    });
  });

  it('sums up the count for its confirmation, and the float for the open day', () => {
    expect(conteoResumen(cajaAbierta(), { 1: '2.100', 2: '800,5' })).toEqual({
      filas: [
        { metodo: 'Efectivo', cents: 210000 },
        { metodo: 'Tarjeta', cents: 80050 },
      ],
      total: 290050,
    });
    expect(fondoFilas(cajaAbierta())).toEqual([
      { metodoPagoId: 1, metodo: 'Efectivo', fondo: 100000 },
      { metodoPagoId: 2, metodo: 'Tarjeta', fondo: 0 },
    ]);
  });
});

describe('the reason in the list of closings', () => {
  it("is the current closing's, and the reopening's while the day waits to be closed again", () => {
    expect(motivoDelCierre(cierre())).toBe('Vuelto mal dado');
    expect(motivoDelCierre(cierre({ motivo: null }))).toBe('');
    const reabierta = cierre({
      estado: 'ABIERTA',
      motivo: null,
      reaperturas: 1,
      motivoReapertura: 'Apareció el billete',
    });
    expect(motivoDelCierre(reabierta)).toBe('Reabierta: Apareció el billete');
    expect(motivoDelCierre(cierre({ reaperturas: 1, motivoReapertura: 'Apareció el billete' }))).toBe(
      'Vuelto mal dado',
    );
  });
});
