import { describe, expect, it } from 'vitest';
import { motivosAjuste } from '../test/seed';
import {
  ajusteBody,
  ajusteInicial,
  ajusteProblems,
  minimoBody,
  minimoProblems,
  minimoText,
  reponerFileName,
  stockResultante,
  type Ajuste,
} from './rules';

const ajuste = (rest: Partial<Ajuste> = {}): Ajuste => ({
  ...ajusteInicial,
  motivo: 'Rotura',
  cantidad: '-1',
  ...rest,
});
const problems = (a: Ajuste, stock = 3) => ajusteProblems(a, motivosAjuste, stock, 'RB3025');

describe('the manual adjustment', () => {
  it('takes a reason that only takes out with a negative quantity', () => {
    expect(problems(ajuste())).toEqual([]);
    expect(problems(ajuste({ cantidad: '-3' }))).toEqual([]);
    expect(problems(ajuste({ cantidad: '2' }))).toEqual(['«Rotura» resta stock: la cantidad debe ser negativa']);
    expect(problems(ajuste({ motivo: 'RoboOPerdida', cantidad: '1' }))).toEqual([
      '«Robo o pérdida» resta stock: la cantidad debe ser negativa',
    ]);
  });

  it('a correction goes either way', () => {
    expect(problems(ajuste({ motivo: 'Correccion', cantidad: '5' }))).toEqual([]);
    expect(problems(ajuste({ motivo: 'Correccion', cantidad: '-2' }))).toEqual([]);
  });

  it('never leaves the branch below 0, in the server’s words', () => {
    expect(problems(ajuste({ cantidad: '-4' }))).toEqual(['El ajuste dejaría el stock de RB3025 por debajo de 0.']);
    expect(stockResultante(3, ajuste({ cantidad: '-3' }))).toBe(0);
    expect(stockResultante(3, ajuste({ cantidad: 'x' }))).toBeNull();
  });

  it('asks for a reason and a whole quantity other than 0, at most a million units', () => {
    expect(problems({ ...ajusteInicial })).toEqual(['Elegí el motivo del ajuste.', 'Escribí la cantidad del ajuste.']);
    expect(problems(ajuste({ motivo: 'Venta' }))).toEqual(['Elegí el motivo del ajuste.']);
    expect(problems(ajuste({ cantidad: '0' }))).toEqual(['La cantidad del ajuste no puede ser 0']);
    expect(problems(ajuste({ cantidad: '-1,5' }))).toEqual(['Cantidad: Debe ser un número entero, sin decimales.']);
    expect(problems(ajuste({ motivo: 'Correccion', cantidad: '1.000.001' }))).toEqual([
      'El ajuste no puede mover más de 1000000 unidades',
    ]);
  });

  it('a note of at most 255 characters', () => {
    expect(problems(ajuste({ nota: 'x'.repeat(256) }))).toEqual(['La nota debe tener como máximo 255 caracteres']);
    expect(problems(ajuste({ nota: 'ñ'.repeat(255) }))).toEqual([]);
  });

  it('sends the signed units and the note only when written', () => {
    expect(ajusteBody(2, ajuste({ nota: '  ' }))).toEqual({ localId: 2, cantidad: -1, motivo: 'Rotura' });
    expect(ajusteBody(1, ajuste({ motivo: 'Correccion', cantidad: '1.200', nota: ' Conteo ' }))).toEqual({
      localId: 1,
      cantidad: 1200,
      motivo: 'Correccion',
      nota: 'Conteo',
    });
  });
});

describe('the reorder point', () => {
  it('starts blank when there is none; blank clears it', () => {
    expect(minimoText(null)).toBe('');
    expect(minimoText(undefined)).toBe('');
    expect(minimoText(0)).toBe('0');
    expect(minimoBody(1, ' ')).toEqual({ localId: 1, minimo: null });
    expect(minimoBody(1, '5')).toEqual({ localId: 1, minimo: 5 });
    expect(minimoProblems('')).toEqual([]);
  });

  it('is whole, from 0 to a million, as the server checks', () => {
    expect(minimoProblems('0')).toEqual([]);
    expect(minimoProblems('1.000.000')).toEqual([]);
    expect(minimoProblems('1.000.001')).toEqual(['El punto de pedido debe estar entre 0 y 1000000 unidades']);
    expect(minimoProblems('-1')).toEqual(['Punto de pedido: No puede ser negativo.']);
    expect(minimoProblems('2,5')).toEqual(['Punto de pedido: Debe ser un número entero, sin decimales.']);
  });
});

describe('the reorder workbook', () => {
  it('is named as the server names it', () => {
    expect(reponerFileName('Centro Norte', new Date(2026, 10, 26))).toBe('reponer_centro_norte_2026-11-26.xlsx');
  });
});
