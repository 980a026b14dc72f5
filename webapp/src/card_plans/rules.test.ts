import { describe, expect, it } from 'vitest';
import {
  cuotasNombre,
  cuotasTexto,
  planFila,
  planNombre,
  recargoCorto,
  recargoDe,
  recargoTexto,
  tasaBody,
  tasaInicial,
  tasaProblems,
  tasaTexto,
} from './rules';

const HOY = '2026-11-15';

describe('the words of a plan', () => {
  it('says a surcharge as the server does, with a decimal comma', () => {
    expect(recargoTexto(0)).toBe('sin interés');
    expect(recargoTexto(1000)).toBe('10 % de recargo');
    expect(recargoTexto(1250)).toBe('12,5 % de recargo');
    expect(recargoTexto(1)).toBe('0,01 % de recargo');
    expect(recargoTexto(20000)).toBe('200 % de recargo');
    expect(recargoCorto(0)).toBe('sin interés');
    expect(recargoCorto(1050)).toBe('10,5 %');
  });

  it('names the plans a select offers', () => {
    expect(planNombre({ cuotas: 1, recargo: 0 })).toBe('1 pago');
    expect(planNombre({ cuotas: 3, recargo: 0 })).toBe('3 cuotas sin interés');
    expect(planNombre({ cuotas: 6, recargo: 1000 })).toBe('6 cuotas (10 % de recargo)');
    expect(planNombre({ cuotas: 1, recargo: 500 })).toBe('1 pago (5 % de recargo)');
    expect(cuotasNombre(1)).toBe('1 pago');
    expect(cuotasNombre(12)).toBe('12 cuotas');
  });

  it('tells the instalments as the receipt prints them', () => {
    expect(cuotasTexto(1, 123456)).toBe('1 pago');
    expect(cuotasTexto(3, 3333333)).toBe('3 cuotas de $ 33.333,33');
  });

  it("reads the server's percentages exactly", () => {
    expect(recargoDe(10)).toBe(1000);
    expect(recargoDe(10.5)).toBe(1050);
    expect(recargoDe(0.29)).toBe(29);
    expect(recargoDe(0)).toBe(0);
  });
});

describe('a plan as its row shows it', () => {
  const plan = {
    cuotas: 3,
    vigente: { recargo: 10, desde: '2026-11-01' },
    tasas: [
      { recargo: 0, desde: '2026-10-01' },
      { recargo: 10, desde: '2026-11-01' },
      { recargo: 12.5, desde: '2026-12-01' },
      { recargo: null, desde: '2027-01-01' },
    ],
  };

  it("splits the history around today's rate", () => {
    expect(planFila(plan, HOY)).toEqual({
      cuotas: 3,
      hoy: '10 %',
      desde: '2026-11-01',
      proximas: [plan.tasas[2], plan.tasas[3]],
      anteriores: [plan.tasas[0]],
      retirable: true,
      retiroDesde: HOY,
    });
    expect(plan.tasas.map(tasaTexto)).toEqual([
      '01/10/2026: sin interés',
      '01/11/2026: 10 %',
      '01/12/2026: 12,5 %',
      '01/01/2027: deja de ofrecerse',
    ]);
  });

  it('says a plan withdrawn, or one that starts later, is not offered today', () => {
    const retirado = { cuotas: 6, vigente: null, tasas: [plan.tasas[0], { recargo: null, desde: '2026-11-10' }] };
    expect(planFila(retirado, HOY)).toMatchObject({ hoy: 'No se ofrece', desde: '2026-11-10', retirable: false });
    const futuro = { cuotas: 12, vigente: null, tasas: [{ recargo: 20, desde: '2026-12-01' }] };
    expect(planFila(futuro, HOY)).toMatchObject({
      hoy: 'Todavía no se ofrece',
      desde: null,
      retirable: true,
      retiroDesde: '2026-12-01',
    });
  });
});

describe("the rate's form", () => {
  it('waits for the cuotas, a surcharge and a day, in the server’s limits and words', () => {
    expect(tasaProblems(tasaInicial(HOY))).toEqual([
      'Escribí las cuotas.',
      'Escribí el recargo (0 si es sin interés).',
    ]);
    expect(tasaProblems({ cuotas: '37', recargo: '200,01', desde: HOY })).toEqual([
      'Las cuotas deben ser un número entero entre 1 y 36.',
      'El recargo debe ser un porcentaje entre 0 y 200, con hasta dos decimales.',
    ]);
    expect(tasaProblems({ cuotas: '0', recargo: '-1', desde: '' })).toEqual([
      'Las cuotas deben ser un número entero entre 1 y 36.',
      'Recargo: No puede ser negativo.',
      'Escribí desde qué día.',
    ]);
    expect(tasaProblems({ cuotas: '1,5', recargo: '10,125', desde: '31/02/2026' })).toEqual([
      'Cuotas: Debe ser un número entero, sin decimales.',
      'Recargo: Admite como máximo 2 decimales.',
      'Desde: 31/02/2026 no existe: febrero de 2026 tiene 28 días.',
    ]);
    expect(tasaProblems({ cuotas: '12', recargo: '0', desde: HOY })).toEqual([]);
  });

  it('sends the surcharge as es-AR writes it, whatever way it was typed', () => {
    expect(tasaBody({ cuotas: '3', recargo: '10.5', desde: '2026-12-01' })).toEqual({
      cuotas: 3,
      recargo: '10,5',
      desde: '2026-12-01',
    });
    expect(tasaBody({ cuotas: '6', recargo: '12,50 %', desde: HOY }).recargo).toBe('12,5');
    expect(tasaBody({ cuotas: '6', recargo: '0', desde: HOY }).recargo).toBe('0');
  });
});
