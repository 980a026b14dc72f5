import { describe, expect, it } from 'vitest';
import { sumarPorMaterial } from '../api/statistics';
import {
  pacientesPorSucursal,
  stockMaterialCentro,
  stockMaterialNorte,
  stockPorSucursal,
  totalGanado,
  ventasPorDia,
} from '../test/seed';
import {
  branchFilePart,
  cobrosPorMetodo,
  diasDelPeriodo,
  emptyFiltro,
  endBeforeStart,
  hasDates,
  marcasFileName,
  MAX_FILLED_DAYS,
  metodoTotales,
  resumenVentas,
  stockYPacientes,
  ventasFileName,
} from './rules';

const mayo = { local: 0, fechaInicio: '2024-05-01', fechaFin: '2024-05-31' };

describe('statistics rules', () => {
  it('needs both days, the end not before the start', () => {
    expect(hasDates(emptyFiltro())).toBe(false);
    expect(hasDates({ ...mayo, fechaFin: '' })).toBe(false);
    expect(hasDates({ ...mayo, fechaInicio: ' ' })).toBe(false);
    expect(hasDates(mayo)).toBe(true);
    expect(endBeforeStart(mayo)).toBe(false);
    expect(endBeforeStart({ ...mayo, fechaFin: '2024-05-01' })).toBe(false);
    expect(endBeforeStart({ ...mayo, fechaFin: '2024-04-30' })).toBe(true);
  });

  it('nets each method in cents: entrada − salida', () => {
    expect(metodoTotales(totalGanado)).toEqual([
      { metodo: 'Efectivo', entrada: 15000.5, salida: 2000.25, neto: 13000.25 },
      { metodo: 'Tarjeta', entrada: 8200, salida: 9000, neto: -800 },
      { metodo: 'Transferencia', entrada: 0, salida: 0, neto: 0 },
    ]);
    expect(metodoTotales({ QR: { entrada: 0.3, salida: 0.1 } })[0].neto).toBe(0.2);
    expect(metodoTotales({})).toEqual([]);
  });

  it('charts the cash in of the methods that took some', () => {
    expect(cobrosPorMetodo(totalGanado)).toEqual([
      { metodo: 'Efectivo', entrada: 15000.5 },
      { metodo: 'Tarjeta', entrada: 8200 },
    ]);
  });

  it('sums the sales of the period', () => {
    expect(resumenVentas(ventasPorDia)).toEqual({ ventas: 3, total: 15200.5, diasConVentas: 2, promedio: 5066.83 });
    expect(resumenVentas([])).toEqual({ ventas: 0, total: 0, diasConVentas: 0, promedio: 0 });
  });

  it('charts every day of the period, those without sales at zero', () => {
    expect(diasDelPeriodo(ventasPorDia, '2024-04-30', '2024-05-03')).toEqual([
      { fecha: '2024-04-30', ventas: 0, total: 0 },
      { fecha: '2024-05-01', ventas: 2, total: 12000 },
      { fecha: '2024-05-02', ventas: 0, total: 0 },
      { fecha: '2024-05-03', ventas: 1, total: 3200.5 },
    ]);
    // Across a change of month and of daylight saving time, one entry per calendar day.
    const marzo = diasDelPeriodo([], '2024-03-30', '2024-04-01');
    expect(marzo.map((d) => d.fecha)).toEqual(['2024-03-30', '2024-03-31', '2024-04-01']);
    expect(diasDelPeriodo([], '2024-01-01', '2024-12-31')).toHaveLength(MAX_FILLED_DAYS);
  });

  it('keeps the days with sales only for a long or unreadable period', () => {
    expect(diasDelPeriodo(ventasPorDia, '2020-01-01', '2024-12-31')).toBe(ventasPorDia);
    expect(diasDelPeriodo(ventasPorDia, 'x', '2024-05-03')).toBe(ventasPorDia);
    expect(diasDelPeriodo(ventasPorDia, '2024-05-03', '2024-05-01')).toBe(ventasPorDia);
  });

  it('adds the stock per material of several branches up by name', () => {
    expect(sumarPorMaterial([stockMaterialCentro, stockMaterialNorte, []])).toEqual([
      { materialNombre: 'Acetato', stockTotal: 70 },
      { materialNombre: 'Metal', stockTotal: 90 },
      { materialNombre: 'Titanio', stockTotal: 5 },
    ]);
    expect(sumarPorMaterial([])).toEqual([]);
  });

  it('joins stock and patients by branch name, a missing side at zero', () => {
    expect(stockYPacientes(stockPorSucursal, pacientesPorSucursal)).toEqual([
      { localNombre: 'Centro', stockTotal: 120, cantidadPacientes: 30 },
      { localNombre: 'Norte', stockTotal: 45, cantidadPacientes: 8 },
      { localNombre: 'Depósito', stockTotal: 0, cantidadPacientes: 1 },
    ]);
    expect(stockYPacientes([{ localId: 4, localNombre: 'Sur', stockTotal: 3 }], [])).toEqual([
      { localNombre: 'Sur', stockTotal: 3, cantidadPacientes: 0 },
    ]);
  });

  it('names the workbooks after the branch and the period, as the server does', () => {
    expect(branchFilePart(' La Cruz Sur ')).toBe('la_cruz_sur');
    expect(branchFilePart(undefined)).toBe('todos los locales');
    expect(ventasFileName('Centro', mayo)).toBe('ventas_centro_2024-05-01_hasta_2024-05-31.xlsx');
    expect(ventasFileName(undefined, mayo)).toBe('ventas_todos los locales_2024-05-01_hasta_2024-05-31.xlsx');
    expect(marcasFileName('La Cruz', mayo)).toBe('marcas_vendidas_la_cruz_2024-05-01_hasta_2024-05-31.xlsx');
    expect(marcasFileName(undefined, mayo)).toBe('marcas_vendidas_todos los locales_2024-05-01_hasta_2024-05-31.xlsx');
  });
});
