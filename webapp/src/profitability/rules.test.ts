import { describe, expect, it } from 'vitest';
import { rentabilidadParams, rentabilidadPath } from '../api/profitability';
import { rentabilidad } from '../test/seed';
import {
  AGRUPACIONES,
  barras,
  excelFileName,
  filtroInicial,
  graficoNombre,
  mensajeDe,
  ordenados,
  porcentaje,
  sinCostoAviso,
  tablaNombre,
  tituloDe,
  totalSinCargo,
} from './rules';

const noviembre = filtroInicial(new Date(2026, 10, 29, 23, 59));

describe('profitability rules', () => {
  it('opens on the first of the month to today, everything, by brand', () => {
    expect(noviembre).toEqual({
      fechaInicio: '2026-11-01',
      fechaFin: '2026-11-29',
      localId: 0,
      marcaId: 0,
      categoriaId: 0,
      vendedor: '',
      agrupar: 'marca',
    });
    // The browser's calendar day, even just after midnight on the 1st.
    expect(filtroInicial(new Date(2027, 0, 1, 0, 5))).toMatchObject({
      fechaInicio: '2027-01-01',
      fechaFin: '2027-01-01',
    });
  });

  it('writes the percentage as es-AR does, with its one decimal', () => {
    expect(porcentaje(52.8)).toBe('52,8 %');
    expect(porcentaje(50)).toBe('50,0 %');
    expect(porcentaje(0)).toBe('0,0 %');
    expect(porcentaje(-4.2)).toBe('-4,2 %');
    expect(porcentaje(0.1)).toBe('0,1 %');
    expect(porcentaje(1234.5)).toBe('1.234,5 %');
    expect(porcentaje(null)).toBe('—');
    expect(porcentaje(undefined)).toBe('—');
  });

  it('names the groups, their table and chart after the grouping', () => {
    expect(AGRUPACIONES.map((a) => tituloDe(a.value))).toEqual(['Marca', 'Categoría', 'Local', 'Vendedor', 'Mes']);
    expect(tablaNombre('categoria')).toBe('Rentabilidad por categoría');
    expect(graficoNombre('mes')).toBe('Ingresos y margen por mes');
  });

  it('sorts lookups as Spanish does', () => {
    const marcas = [
      { id: 3, nombre: 'Oakley' },
      { id: 1, nombre: 'Ñandú' },
      { id: 2, nombre: 'Nike' },
      { id: 4, nombre: 'Ángel' },
      { id: 5, nombre: 'azul' },
    ];
    expect(ordenados(marcas).map((m) => m.nombre)).toEqual(['Ángel', 'azul', 'Nike', 'Ñandú', 'Oakley']);
    expect(marcas[0].nombre).toBe('Oakley');
  });

  it('sends only the filters given, trimmed and encoded, and always the grouping', () => {
    expect(rentabilidadParams(noviembre)).toBe('fechaInicio=2026-11-01&fechaFin=2026-11-29&agrupar=marca');
    expect(
      rentabilidadPath({
        ...noviembre,
        localId: 2,
        marcaId: 6,
        categoriaId: 3,
        vendedor: ' José & Cía ',
        agrupar: 'mes',
      }),
    ).toBe(
      'api/rentabilidad?fechaInicio=2026-11-01&fechaFin=2026-11-29&localId=2&marcaId=6&categoriaId=3&vendedor=Jos%C3%A9%20%26%20C%C3%ADa&agrupar=mes',
    );
    // A blank day is left out: the server answers why it needs it.
    expect(rentabilidadParams({ ...noviembre, fechaInicio: ' ', vendedor: '  ' })).toBe(
      'fechaFin=2026-11-29&agrupar=marca',
    );
  });

  it('names the workbook as the server does', () => {
    expect(excelFileName(noviembre)).toBe('rentabilidad_2026-11-01_2026-11-29.xlsx');
  });

  it('charts each group income and margin', () => {
    expect(barras(rentabilidad().grupos).at(-1)).toEqual({
      grupo: 'Detalles adicionales',
      ingresos: 44000,
      margen: 44000,
    });
  });

  it('warns of the lines without cost, with how many per group', () => {
    const r = rentabilidad();
    expect(sinCostoAviso(r.totales, r.grupos)).toBe(
      '2 líneas de productos se vendieron sin costo registrado y cuentan con costo $ 0,00 (Vulk: 2): su margen aparece más alto de lo que fue.',
    );
    expect(sinCostoAviso({ ...r.totales, lineasSinCosto: 1 }, [])).toBe(
      '1 línea de producto se vendió sin costo registrado y cuenta con costo $ 0,00: su margen aparece más alto de lo que fue.',
    );
    expect(sinCostoAviso({ ...r.totales, lineasSinCosto: 0 }, r.grupos)).toBeNull();
  });

  it('adds the free lines up in cents, those without cost at nothing', () => {
    expect(totalSinCargo(rentabilidad().sinCargo)).toEqual({ cantidad: 3, costo: 20000 });
    const centavos = rentabilidad().sinCargo.map((l) => ({ ...l, costo: 0.1 }));
    expect(totalSinCargo([...centavos, { ...centavos[0], costo: 0.2 }]).costo).toBe(0.4);
    expect(totalSinCargo([])).toEqual({ cantidad: 0, costo: 0 });
  });

  it("reads the server's reason from the report's answer and from the workbook's text", () => {
    const mensaje = 'La fecha de fin no puede ser anterior a la de inicio';
    expect(mensajeDe({ status: 400, data: { mensaje } })).toBe(mensaje);
    expect(mensajeDe({ status: 400, data: JSON.stringify({ mensaje }) })).toBe(mensaje);
    expect(mensajeDe({ status: 500, data: 'Internal Server Error' })).toBeUndefined();
    expect(mensajeDe({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeUndefined();
    expect(mensajeDe(undefined)).toBeUndefined();
  });
});
