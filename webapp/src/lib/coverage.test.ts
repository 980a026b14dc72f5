// The cases the server computes too (tests/cases/insurer_coverage.json, read by
// command/src/insurers/tests.rs as well): what an obra social pays of a sale's lenses and frames.
// The movement form shows it before it saves and sends it; the server refuses a part that is not
// its own, so the same file in both suites keeps the two copies of the arithmetic together.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  coberturaDe,
  coberturaResumen,
  mismoNombre,
  obraSocialPagaTexto,
  parte,
  partes,
  problemaReceta,
  recetaTexto,
  venceReceta,
  type Cobertura,
} from './coverage';

interface Caso {
  nombre: string;
  cristales: number;
  armazones: number;
  descuento: number;
  coberturaCristales: Cobertura;
  coberturaArmazones: Cobertura;
  parteCristales: number;
  parteArmazones: number;
}

const FILE = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/insurer_coverage.json');
const casos = (JSON.parse(readFileSync(FILE, 'utf8')) as { casos: Caso[] }).casos;

describe('an obra social’s part of a sale, as the server computes it', () => {
  it('reads the shared cases', () => {
    expect(casos.length).toBeGreaterThan(0);
  });

  for (const caso of casos) {
    it(caso.nombre, () => {
      const venta = { cristales: caso.cristales, armazones: caso.armazones, descuento: caso.descuento };
      expect(partes(venta, caso.coberturaCristales, caso.coberturaArmazones)).toEqual({
        cristales: caso.parteCristales,
        armazones: caso.parteArmazones,
        monto: caso.parteCristales + caso.parteArmazones,
      });
    });
  }
});

describe('a plan’s coverage', () => {
  it('reads the server’s percent and pesos exactly', () => {
    expect(coberturaDe({ porcentaje: 12.5, tope: 15000.5 })).toEqual({ porcentaje: 1250, tope: 1500050 });
    expect(coberturaDe({ porcentaje: 40, tope: null })).toEqual({ porcentaje: 4000, tope: null });
    expect(coberturaDe({})).toEqual({ porcentaje: null, tope: null });
  });

  it('covers nothing of nothing, and the cap alone up to the cap', () => {
    expect(parte(0, { porcentaje: 4000, tope: 100 })).toBe(0);
    expect(parte(50, { porcentaje: null, tope: 100 })).toBe(50);
    expect(parte(500, { porcentaje: null, tope: 100 })).toBe(100);
  });
});

describe('a prescription’s date', () => {
  it('is good through its last day, and refused after it or after the sale', () => {
    expect(venceReceta('2026-09-29', 60)).toBe('2026-11-28');
    expect(problemaReceta('2026-09-29', '2026-11-28', 60)).toBeNull();
    const vencida = problemaReceta('2026-09-29', '2026-11-29', 60)!;
    expect(recetaTexto(vencida)).toBe('La receta del 29/09/2026 venció el 28/11/2026 (el plan la acepta por 60 días).');
    expect(problemaReceta('2026-09-29', '2027-09-29', null)).toBeNull();
    expect(recetaTexto(problemaReceta('2026-06-02', '2026-06-01', 60)!)).toBe(
      'La fecha de la receta no puede ser posterior a la venta.',
    );
  });
});

describe('the coverage in words', () => {
  it('says the parts and a saved sale’s line', () => {
    expect(obraSocialPagaTexto({ cristales: 3000000, armazones: 1500000, monto: 4500000 })).toBe(
      'La obra social paga $ 45.000,00 (cristales $ 30.000,00, armazones $ 15.000,00)',
    );
    expect(coberturaResumen('OSDE', '210', 4500000)).toBe('Obra social: OSDE 210 · $ 45.000,00');
    expect(coberturaResumen('', '210', 100)).toBe('Obra social: obra social eliminada 210 · $ 1,00');
  });

  it('compares plan names as the server does', () => {
    expect(mismoNombre(' Plan  Óro ', 'plan oro')).toBe(true);
    expect(mismoNombre('210', '310')).toBe(false);
  });
});
