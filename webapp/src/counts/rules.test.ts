import { describe, expect, it } from 'vitest';
import { sessionFromToken } from '../session/sessionSlice';
import { adminToken, conteo, planillaAbierta, planillaCerrada, sellerToken } from '../test/seed';
import {
  alcance,
  cargaBody,
  cierreProblems,
  diferenciaText,
  esColumna,
  estadoDe,
  guardarProblems,
  inicioBody,
  inicioProblems,
  leerColumna,
  leerContado,
  pendientes,
  progreso,
  progresoText,
  puedeCerrar,
  puedeContar,
  textosDe,
  totales,
} from './rules';

const { lineas } = planillaAbierta();
// The sheet's order: Aviator (12, counted 2), Clubmaster (11), RB3025 (10).
const saved = textosDe(planillaAbierta());

describe('states and roles', () => {
  it('reads each state in Spanish, and what the count covers', () => {
    expect(estadoDe('ABIERTO').nombre).toBe('Abierto');
    expect(estadoDe('CERRADO').nombre).toBe('Cerrado');
    expect(estadoDe('CANCELADO').nombre).toBe('Cancelado');
    expect(estadoDe('OTRO').nombre).toBe('OTRO');
    expect(alcance(conteo())).toBe('Marca Vulk');
    expect(alcance(conteo({ categoria: 'Sol' }))).toBe('Categoría Sol · Marca Vulk');
    expect(alcance(conteo({ marca: null }))).toBe('Todo el local');
  });

  it('the branch’s staff count while open; only admins close', () => {
    const centro = sessionFromToken(sellerToken(1));
    const norte = sessionFromToken(sellerToken(2));
    const admin = sessionFromToken(adminToken());
    const c = conteo();
    expect([puedeContar(centro, c), puedeCerrar(centro, c)]).toEqual([true, false]);
    expect([puedeContar(norte, c), puedeCerrar(norte, c)]).toEqual([false, false]);
    expect([puedeContar(admin, c), puedeCerrar(admin, c)]).toEqual([true, true]);
    const closed = conteo({ estado: 'CERRADO' });
    expect([puedeContar(admin, closed), puedeCerrar(admin, closed)]).toEqual([false, false]);
  });

  it('a new count needs the branch; category and brand only when chosen', () => {
    expect(inicioProblems({ localId: 0, categoriaId: 0, marcaId: 3 })).toEqual(['Elegí el local a contar.']);
    expect(inicioProblems({ localId: 1, categoriaId: 0, marcaId: 0 })).toEqual([]);
    expect(inicioBody({ localId: 1, categoriaId: 0, marcaId: 0 })).toEqual({ localId: 1 });
    expect(inicioBody({ localId: 1, categoriaId: 2, marcaId: 3 })).toEqual({ localId: 1, categoriaId: 2, marcaId: 3 });
  });
});

describe('counted quantities', () => {
  it('are whole numbers from 0 to 1.000.000, read as people type them', () => {
    expect(leerContado('')).toEqual({ kind: 'blank' });
    expect(leerContado('0')).toEqual({ kind: 'number', units: 0 });
    expect(leerContado('1.234')).toEqual({ kind: 'number', units: 1234 });
    expect(leerContado('1.000.000')).toEqual({ kind: 'number', units: 1_000_000 });
    expect(leerContado('1.000.001')).toEqual({ kind: 'invalid', error: 'Debe estar entre 0 y 1.000.000.' });
    expect(leerContado('1,5')).toEqual({ kind: 'invalid', error: 'Debe ser un número entero, sin decimales.' });
    expect(leerContado('-1')).toEqual({ kind: 'invalid', error: 'No puede ser negativo.' });
    expect(leerContado('dos').kind).toBe('invalid');
  });

  it('open as saved: blank where nothing was counted, nothing pending', () => {
    expect(saved).toEqual({ 12: '2', 11: '', 10: '' });
    expect(pendientes(lineas, saved)).toEqual([]);
    expect(guardarProblems(lineas, saved)).toEqual(['No hay cantidades nuevas para guardar.']);
    expect(cargaBody(lineas, saved)).toEqual({ contados: [] });
  });

  it('send only what changed; the same number written otherwise is no change', () => {
    const typed = { ...saved, 12: ' 2 ', 11: '1.000', 10: '0' };
    expect(pendientes(lineas, typed).map((l) => l.modelo)).toEqual(['Clubmaster', 'RB3025']);
    expect(guardarProblems(lineas, typed)).toEqual([]);
    expect(cargaBody(lineas, typed)).toEqual({
      contados: [
        { productoId: 11, contado: 1000 },
        { productoId: 10, contado: 0 },
      ],
    });
    expect(cargaBody(lineas, { ...saved, 12: '3' })).toEqual({ contados: [{ productoId: 12, contado: 3 }] });
  });

  it('say why Guardar waits: a bad number, out of range, a counted one cleared', () => {
    expect(guardarProblems(lineas, { ...saved, 11: '1,5', 10: '2000000' })).toEqual([
      'Contado de Clubmaster: Debe ser un número entero, sin decimales.',
      'La cantidad contada de RB3025 debe estar entre 0 y 1.000.000.',
    ]);
    expect(guardarProblems(lineas, { ...saved, 12: '' })).toEqual([
      'Aviator ya estaba contado: escribí la cantidad (0 si no hay ninguno).',
    ]);
  });

  it('progress counts what is typed, saved or not, and what is unsaved', () => {
    expect(progreso(lineas, saved)).toEqual({ contados: 1, total: 3, sinGuardar: 0 });
    expect(progreso(lineas, { ...saved, 11: '4', 10: 'x' })).toEqual({ contados: 2, total: 3, sinGuardar: 2 });
    expect(progresoText({ contados: 1234, total: 2000 })).toBe('1.234 de 2.000 contados');
  });

  it('say why Cerrar conteo waits: unsaved quantities, products not counted (the server’s rule)', () => {
    expect(cierreProblems(lineas, saved)).toEqual(['Faltan contar 2 productos: escribí 0 en los que no hay ninguno.']);
    expect(cierreProblems(lineas, { ...saved, 11: '1' })).toEqual([
      'Guardá las cantidades escritas antes de cerrar el conteo.',
      'Faltan contar 2 productos: escribí 0 en los que no hay ninguno.',
    ]);
    const one = lineas.map((l) => (l.productoId === 10 ? l : { ...l, contado: 1 }));
    expect(cierreProblems(one, textosDe({ ...planillaAbierta(), lineas: one }))).toEqual([
      'Falta contar 1 producto: escribí 0 si no hay ninguno.',
    ]);
    const all = lineas.map((l) => ({ ...l, contado: 0 }));
    expect(cierreProblems(all, textosDe({ ...planillaAbierta(), lineas: all }))).toEqual([]);
  });
});

describe('a pasted column', () => {
  it('takes one quantity per line in the sheet’s order, with a spreadsheet’s line breaks', () => {
    expect(leerColumna('3\r\n0\r\n1.250\r\n', lineas)).toEqual({ ok: true, textos: { 12: '3', 11: '0', 10: '1250' } });
    expect(leerColumna(' 3 \n0\n7', lineas)).toEqual({ ok: true, textos: { 12: '3', 11: '0', 10: '7' } });
  });

  it('refuses a column whose line count does not match', () => {
    expect(leerColumna('3\n0\n', lineas)).toEqual({
      ok: false,
      errors: [
        'La columna tiene 2 líneas y la planilla 3 productos: pegá una cantidad por producto, en el orden de la planilla. No se cambió nada.',
      ],
    });
    expect(leerColumna('1\n2\n3\n4', lineas).ok).toBe(false);
    expect(leerColumna('  \n', lineas)).toEqual({
      ok: false,
      errors: ['No hay nada para pegar: copiá la columna de cantidades y pegala acá.'],
    });
  });

  it('refuses non-numbers, blanks, decimals, out of range and several columns, naming the line', () => {
    expect(leerColumna('3\ndos\n', lineas.slice(0, 2))).toEqual({
      ok: false,
      errors: ['Línea 2 (Clubmaster): No es un número. Escriba, por ejemplo, 1.234,56.', 'No se cambió nada.'],
    });
    const result = leerColumna('\n1,5\n2000000', lineas);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Línea 1 (Aviator): está vacía (escribí 0 si no hay ninguno).',
        'Línea 2 (Clubmaster): Debe ser un número entero, sin decimales.',
        'Línea 3 (RB3025): Debe estar entre 0 y 1.000.000.',
        'No se cambió nada.',
      ],
    });
    expect(leerColumna('RB3025\t3\n1\n2', lineas)).toEqual({
      ok: false,
      errors: [
        'Línea 1 (Aviator): tiene más de una columna: copiá solo la columna de cantidades.',
        'No se cambió nada.',
      ],
    });
  });

  it('names the first five lines with problems and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ ...lineas[0], productoId: i, modelo: `M${i}` }));
    const result = leerColumna(Array(8).fill('x').join('\n'), many);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toHaveLength(7);
      expect(result.errors.at(-2)).toBe('y 3 líneas más con problemas.');
    }
  });

  it('tells a column from a single number pasted into a field', () => {
    expect(esColumna('3\n4')).toBe(true);
    expect(esColumna('3\r\n4\r\n')).toBe(true);
    expect(esColumna('3\n')).toBe(false);
    expect(esColumna('1.234')).toBe(false);
  });
});

describe('a closed count', () => {
  it('sums the units over and short and the products that differed', () => {
    expect(totales(planillaCerrada().lineas)).toEqual({ sobran: 1, faltan: 2, neto: -1, conDiferencia: 2 });
    expect([diferenciaText(2), diferenciaText(-1), diferenciaText(0), diferenciaText(1500)]).toEqual([
      '+2',
      '-1',
      '0',
      '+1.500',
    ]);
  });
});
