import { describe, expect, it } from 'vitest';
import { obraSocial, obrasSociales, planObraSocial } from '../test/seed';
import {
  agregarPlan,
  cambiarPlan,
  coberturaTexto,
  cuitDigits,
  cuitValido,
  desdeObraSocial,
  formatCuit,
  nuevaObraSocial,
  obraSocialBody,
  obraSocialProblems,
  ordenadas,
  planesTexto,
  planResumen,
  quitarPlan,
  resumenDeForm,
  type ObraSocialForm,
  type PlanForm,
} from './rules';

describe('the CUIT', () => {
  it('checks the last digit against the first ten (weights 5 4 3 2 7 6 5 4 3 2, modulo 11)', () => {
    // The server's own cases (events/src/insurers.rs).
    expect(cuitValido('30546741253')).toBe(true);
    expect(cuitValido('33693450239')).toBe(true);
    expect(cuitValido('30546741254')).toBe(false);
    expect(cuitValido('3054674125')).toBe(false);
    expect(cuitValido('305467412530')).toBe(false);
    // 11 − sum mod 11 = 11 is written 0.
    expect(cuitValido('30712345000')).toBe(true);
    // 11 − sum mod 11 = 10 is never issued, whatever the last digit.
    for (let d = 0; d <= 9; d++) expect(cuitValido(`3071234506${d}`)).toBe(false);
  });

  it('takes dashes and spaces as the server does, nothing else', () => {
    expect(cuitValido('30-54674125-3')).toBe(true);
    expect(cuitValido(' 30 54674125 3 ')).toBe(true);
    expect(cuitValido('30.54674125.3')).toBe(false);
    expect(cuitValido('3054674125a')).toBe(false);
    expect(cuitValido('')).toBe(false);
    expect(cuitDigits(' 30-54674125-3 ')).toBe('30546741253');
  });

  it('is written as AFIP writes it', () => {
    expect(formatCuit('30546741253')).toBe('30-54674125-3');
    expect(formatCuit('30-546741253')).toBe('30-54674125-3');
    expect(formatCuit('3054')).toBe('3054');
  });
});

describe('how an obra social reads', () => {
  it('says what a plan covers: a share, a cap, both, or nothing', () => {
    expect(coberturaTexto({ porcentaje: 40, tope: 30000 })).toBe('el 40% hasta $ 30.000,00');
    expect(coberturaTexto({ porcentaje: 12.5, tope: null })).toBe('el 12,5%');
    expect(coberturaTexto({ porcentaje: null, tope: 15000.5 })).toBe('hasta $ 15.000,50');
    expect(coberturaTexto({ porcentaje: null, tope: null })).toBe('sin cobertura');
    expect(coberturaTexto({})).toBe('sin cobertura');
    expect(planResumen(planObraSocial())).toBe(
      'Cristales: el 40% hasta $ 30.000,00 · Armazones: sin cobertura · Requiere receta de hasta 60 días',
    );
    expect(planResumen(planObraSocial({ requiereReceta: false, validezRecetaDias: null }))).toContain('Sin receta');
    expect(planResumen(planObraSocial({ validezRecetaDias: null }))).toContain('· Requiere receta');
  });

  it('counts the plans and sorts the obras sociales as Spanish does', () => {
    expect([0, 1, 2].map(planesTexto)).toEqual(['Sin planes', '1 plan', '2 planes']);
    const list = [
      ...obrasSociales(),
      obraSocial({ id: 9, nombre: 'Ñandú Salud' }),
      obraSocial({ id: 8, nombre: 'obra chica' }),
    ];
    expect(ordenadas(list).map((o) => o.nombre)).toEqual([
      'IOSFA',
      'Ñandú Salud',
      'obra chica',
      'OSDE',
      'Swiss Medical',
    ]);
  });
});

/** A form with one plan, filled as the tests need it. */
const filled = (plan: Partial<PlanForm> = {}): ObraSocialForm => {
  const f = nuevaObraSocial();
  return {
    ...f,
    nombre: '  Obra   Social  Docentes ',
    cuit: '30-54674125-3',
    planes: [{ ...f.planes[0], nombre: 'Plata', ...plan }],
  };
};

describe('the form', () => {
  it('opens with one blank plan, and says what is missing in the form’s order', () => {
    const f = nuevaObraSocial();
    expect(f.planes).toHaveLength(1);
    expect(obraSocialProblems(f)).toEqual([
      'El nombre de la obra social es obligatorio y tiene como máximo 80 caracteres.',
      'El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.',
      'Cada plan necesita un nombre de hasta 80 caracteres.',
    ]);
    expect(obraSocialProblems(filled())).toEqual([]);
    expect(obraSocialProblems({ ...filled(), planes: [] })).toEqual([]);
  });

  it('opens an obra social as it stands, numbers as es-AR writes them', () => {
    const f = desdeObraSocial(obraSocial());
    expect(f.nombre).toBe('OSDE');
    expect(f.cuit).toBe('30-54674125-3');
    expect(f.planes.map((p) => [p.key, p.nombre, p.cristales, p.armazones, p.requiereReceta, p.validez])).toEqual([
      [1, '210', { porcentaje: '40', tope: '30.000,00' }, { porcentaje: '', tope: '' }, true, '60'],
      [2, '310', { porcentaje: '12,5', tope: '' }, { porcentaje: '', tope: '15.000,50' }, false, ''],
    ]);
    // Left as it opened, it sends what it read.
    expect(obraSocialProblems(f)).toEqual([]);
    expect(obraSocialBody(f)).toEqual({
      nombre: 'OSDE',
      cuit: '30546741253',
      planes: [
        {
          nombre: '210',
          cristales: { porcentaje: '40', tope: 30000 },
          armazones: { porcentaje: null, tope: null },
          requiereReceta: true,
          validezRecetaDias: 60,
        },
        {
          nombre: '310',
          cristales: { porcentaje: '12,5', tope: null },
          armazones: { porcentaje: null, tope: 15000.5 },
          requiereReceta: false,
          validezRecetaDias: null,
        },
      ],
    });
  });

  it('adds plans at the end with keys of their own, and removes the one asked for', () => {
    const f = desdeObraSocial(obraSocial());
    const added = agregarPlan(f);
    expect(added.planes.map((p) => p.key)).toEqual([1, 2, 3]);
    const removed = quitarPlan(added, 2);
    expect(removed.planes.map((p) => p.nombre)).toEqual(['210', '']);
    const again = agregarPlan(removed);
    expect(again.planes.map((p) => p.key)).toEqual([1, 3, 4]);
    const changed = cambiarPlan(again, { ...again.planes[1], nombre: 'Oro' });
    expect(changed.planes.map((p) => p.nombre)).toEqual(['210', 'Oro', '']);
  });

  it('reads percentages and caps as people in Argentina type them, and sends the names collapsed', () => {
    const f = filled({
      cristales: { porcentaje: '12.5 %', tope: '30.000' },
      armazones: { porcentaje: '100', tope: '1234,5' },
      requiereReceta: true,
      validez: '365',
    });
    expect(obraSocialProblems(f)).toEqual([]);
    expect(obraSocialBody(f)).toEqual({
      nombre: 'Obra Social Docentes',
      cuit: '30546741253',
      planes: [
        {
          nombre: 'Plata',
          cristales: { porcentaje: '12,5', tope: 30000 },
          armazones: { porcentaje: '100', tope: 1234.5 },
          requiereReceta: true,
          validezRecetaDias: 365,
        },
      ],
    });
    expect(resumenDeForm(f.planes[0])).toBe(
      'Cristales: el 12,5% hasta $ 30.000,00 · Armazones: el 100% hasta $ 1.234,50 · Requiere receta de hasta 365 días',
    );
  });

  it('says the server’s reasons for numbers out of range, a repeated plan and unreadable text', () => {
    const f = filled({ cristales: { porcentaje: '120', tope: '0' }, validez: '731' });
    expect(obraSocialProblems(f)).toEqual([
      'El porcentaje de cobertura del plan Plata debe estar entre 0 y 100.',
      'El tope de cobertura del plan Plata debe ser mayor a $ 0,00.',
      'La validez de la receta del plan Plata debe ser de 1 a 730 días.',
    ]);
    expect(obraSocialProblems(filled({ validez: '0' }))).toEqual([
      'La validez de la receta del plan Plata debe ser de 1 a 730 días.',
    ]);
    expect(obraSocialProblems(filled({ armazones: { porcentaje: 'mucho', tope: '' }, validez: '1,5' }))).toEqual([
      'Plan Plata, porcentaje de armazones: No es un número. Escriba, por ejemplo, 1.234,56.',
      'Plan Plata, validez de la receta: Debe ser un número entero, sin decimales.',
    ]);
    // The same name, case, accents and spaces aside, is the same plan.
    const twice = filled();
    const repeated = { ...twice, planes: [...twice.planes, { ...twice.planes[0], key: 2, nombre: ' PLATA ' }] };
    expect(obraSocialProblems(repeated)).toEqual(['El plan PLATA figura más de una vez.']);
    // A name too long, a CUIT that does not check.
    expect(obraSocialProblems({ ...filled(), nombre: 'x'.repeat(81), cuit: '30546741254' })).toEqual([
      'El nombre de la obra social es obligatorio y tiene como máximo 80 caracteres.',
      'El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.',
    ]);
    const many = filled();
    const planes = Array.from({ length: 31 }, (_, i) => ({ ...many.planes[0], key: i + 1, nombre: `P${i}` }));
    expect(obraSocialProblems({ ...many, planes })).toEqual(['Una obra social puede tener como máximo 30 planes.']);
  });
});
