import { describe, expect, it } from 'vitest';
import {
  cajaAbierta,
  cajaAbiertaConPlanes,
  cajaCerrada,
  cajaConPlanes,
  cajaContada,
  cajaContadaEntera,
  cajaContadaPorPlan,
  cajaSinAbrir,
  cierre,
  esperadoTarjeta,
} from '../test/seed';
import { PROBLEMS } from './messages';
import {
  abreDetalle,
  aperturaBody,
  aperturaProblems,
  cierreBody,
  conteoEspera,
  conteoProblems,
  conteoResumen,
  conteoTexts,
  contada,
  contadaEntera,
  cuadra,
  detalleDeLinea,
  diferenciaNota,
  diferenciasChart,
  esperaMotivo,
  filas,
  fondoFilas,
  fondoTexts,
  lineaKey,
  lineaNombre,
  lineasDelFondo,
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
    const own = { cuotas: null, fondo: 0 };
    expect(rows).toEqual([
      {
        ...own,
        key: '1',
        metodoPagoId: 1,
        metodo: 'Efectivo',
        fondo: 100000,
        esperado: 220000,
        contado: 210000,
        diferencia: -10000,
      },
      { ...own, key: '2', metodoPagoId: 2, metodo: 'Tarjeta', esperado: 80000, contado: 80000, diferencia: 0 },
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

describe('a card counted per plan in cuotas', () => {
  const blank = { 1: '', 2: '', '2-cuotas-3': '', '2-cuotas-6': '' };

  it('knows each line by its method and its cuotas, and names a plan as the closing’s PDF does', () => {
    const [efectivo, tarjeta, tres, seis] = cajaConPlanes().metodos;
    expect([efectivo, tarjeta, tres, seis].map(lineaKey)).toEqual(['1', '2', '2-cuotas-3', '2-cuotas-6']);
    expect([efectivo, tarjeta, tres, seis].map(lineaNombre)).toEqual([
      'Efectivo',
      'Tarjeta',
      'Tarjeta · 3 cuotas',
      'Tarjeta · 6 cuotas',
    ]);
  });

  it('keeps the float per method: no plan line in its form, its body or its figures', () => {
    expect(lineasDelFondo(cajaConPlanes()).map(lineaKey)).toEqual(['1', '2']);
    expect(fondoTexts(cajaConPlanes())).toEqual({ 1: '', 2: '' });
    // A plan's text, if any, is never sent.
    expect(aperturaBody(cajaConPlanes(), { 1: '100', 2: '50', '2-cuotas-3': '70' })).toEqual({
      fondo: [
        { metodoPagoId: 1, monto: 100 },
        { metodoPagoId: 2, monto: 50 },
      ],
    });
    expect(aperturaProblems(cajaAbiertaConPlanes(), { 1: '1.000', 2: '' }, HOY)).toEqual([PROBLEMS.sinCambios]);
    expect(fondoFilas(cajaAbiertaConPlanes())).toEqual([
      { metodoPagoId: 1, metodo: 'Efectivo', fondo: 100000 },
      { metodoPagoId: 2, metodo: 'Tarjeta', fondo: 0 },
    ]);
  });

  it('lets the plans stay blank (the card counted whole); once one is written, the others too', () => {
    const caja = cajaAbiertaConPlanes();
    expect(conteoEspera(caja, blank, '', HOY)).toEqual({ problems: [PROBLEMS.sinContar], pending: true });
    expect(conteoProblems(caja, { ...blank, 1: '2200', 2: '1800' }, '', HOY)).toEqual([]);
    expect(conteoProblems(caja, { ...blank, 1: '2200', 2: '', '2-cuotas-3': '600' }, '', HOY)).toEqual([
      'Contado de Tarjeta: escribí el monto (0 si no hay).',
      'Contado de Tarjeta · 6 cuotas: escribí el monto (0 si no hay) o dejá vacíos todos los planes.',
    ]);
    expect(conteoProblems(caja, { 1: '2200', 2: '300', '2-cuotas-3': 'mil', '2-cuotas-6': '0' }, '', HOY)).toEqual([
      'Contado de Tarjeta · 3 cuotas: No es un número. Escriba, por ejemplo, 1.234,56.',
    ]);
  });

  it('sends a card counted whole on its own line, and one counted per plan with cuotas on its plans only', () => {
    const caja = cajaAbiertaConPlanes();
    const entera = {
      contado: [
        { metodoPagoId: 1, monto: 2200 },
        { metodoPagoId: 2, monto: 1800 },
      ],
    };
    expect(cierreBody(caja, { ...blank, 1: '2.200', 2: '1.800' }, '')).toEqual(entera);
    // Zero on every plan is the card counted whole too (the server compares it whole).
    expect(cierreBody(caja, { 1: '2.200', 2: '1.800', '2-cuotas-3': '0', '2-cuotas-6': '0,00' }, '')).toEqual(entera);
    expect(cierreBody(caja, { 1: '2.200', 2: '300', '2-cuotas-3': '600', '2-cuotas-6': '0' }, '')).toEqual({
      contado: [
        { metodoPagoId: 1, monto: 2200 },
        { metodoPagoId: 2, monto: 300 },
        { metodoPagoId: 2, monto: 600, cuotas: 3 },
        { metodoPagoId: 2, monto: 0, cuotas: 6 },
      ],
    });
    expect(conteoResumen(caja, { 1: '2.200', 2: '300', '2-cuotas-3': '600', '2-cuotas-6': '800' })).toEqual({
      filas: [
        { metodo: 'Efectivo', cents: 220000 },
        { metodo: 'Tarjeta', cents: 30000 },
        { metodo: 'Tarjeta · 3 cuotas', cents: 60000 },
        { metodo: 'Tarjeta · 6 cuotas', cents: 80000 },
      ],
      total: 390000,
    });
    expect(conteoResumen(caja, { ...blank, 1: '2.200', 2: '1.800' }).filas).toEqual([
      { metodo: 'Efectivo', cents: 220000 },
      { metodo: 'Tarjeta', cents: 180000 },
    ]);
  });

  it('recounts from the last count: a card counted whole with its plans blank', () => {
    expect(conteoTexts(cajaContadaPorPlan())).toEqual({
      1: '2.200,00',
      2: '300,00',
      '2-cuotas-3': '600,00',
      '2-cuotas-6': '800,00',
    });
    expect(conteoTexts(cajaContadaEntera())).toEqual({ ...blank, 1: '2.200,00', 2: '1.700,00' });
  });

  it('shows a row per line, each summed once in the total', () => {
    const rows = filas(cajaContadaPorPlan());
    expect(rows.map((r) => [r.key, r.cuotas, r.metodo, r.esperado, r.contado, r.diferencia])).toEqual([
      ['1', null, 'Efectivo', 220000, 220000, 0],
      ['2', null, 'Tarjeta', 30000, 30000, 0],
      ['2-cuotas-3', 3, 'Tarjeta · 3 cuotas', 60000, 60000, 0],
      ['2-cuotas-6', 6, 'Tarjeta · 6 cuotas', 90000, 80000, -10000],
    ]);
    expect(totalFilas(rows)).toEqual({ fondo: 100000, esperado: 400000, contado: 390000, diferencia: -10000 });
    expect(totalFilas(filas(cajaContadaEntera()))).toEqual({
      fondo: 100000,
      esperado: 400000,
      contado: 390000,
      diferencia: -10000,
    });
    expect(esperaMotivo(cajaContadaPorPlan())).toBe(true);
  });

  it('opens, from a plan, only its payments; from the card, those without a plan unless it was counted whole', () => {
    const detalle = esperadoTarjeta();
    const conceptos = (r: ReturnType<typeof detalleDeLinea>) => [
      r.alcance,
      r.lineas.map((l) => l.concepto),
      r.esperado,
    ];

    const porPlan = filas(cajaContadaPorPlan());
    const [efectivo, tarjeta, tres, seis] = porPlan;
    expect(conceptos(detalleDeLinea(porPlan, seis, detalle))).toEqual([
      'plan',
      ['Venta 0001-00000007 · 6 cuotas', 'Cobro de la venta 0001-00000004 del 20/11/2026 · 6 cuotas'],
      90000,
    ]);
    expect(conceptos(detalleDeLinea(porPlan, tres, detalle))).toEqual([
      'plan',
      ['Venta 0001-00000006 · 3 cuotas'],
      60000,
    ]);
    expect(conceptos(detalleDeLinea(porPlan, tarjeta, detalle))).toEqual(['sinPlanes', ['Venta 0001-00000005'], 30000]);
    expect(detalleDeLinea(porPlan, efectivo, undefined)).toEqual({ alcance: 'metodo', lineas: [], esperado: 0 });
    expect(porPlan.map((r) => abreDetalle(porPlan, r))).toEqual([true, true, true, true]);
    expect(porPlan.map((r) => contadaEntera(porPlan, r))).toEqual([false, false, false, false]);

    const entera = filas(cajaContadaEntera());
    const whole = detalleDeLinea(entera, entera[1], detalle);
    expect(whole.alcance).toBe('entera');
    expect(whole.lineas).toHaveLength(4);
    expect(whole.esperado).toBe(180000);
    // Its plans' figures are on the card's line: zero there, nothing to open.
    expect(entera.map((r) => abreDetalle(entera, r))).toEqual([true, true, false, false]);
    expect(entera.map((r) => contadaEntera(entera, r))).toEqual([false, true, false, false]);
  });
});
