import { describe, expect, it } from 'vitest';
import { producto } from '../test/seed';
import {
  canSubmitBulk,
  canSubmitProduct,
  checkModels,
  emptyFields,
  fieldsFromProducto,
  massUpdateConfirmText,
  matches,
  modelsForServer,
  pageParam,
  categoriaParam,
  listPath,
  percentageInRange,
  priceFromCost,
  productProblems,
  productoBody,
  stockFileName,
  toggleCategoria,
  withListFlags,
  toggleLocal,
  typeCost,
  type ProductFieldsValue,
} from './rules';

const sol = { id: 1, nombre: 'Sol' };
const receta = { id: 2, nombre: 'Receta' };
const cristal = { id: 3, nombre: ' CRISTAL ' };

const complete: ProductFieldsValue = {
  ...emptyFields,
  marca: { id: 5, nombre: 'Vulk' },
  categorias: [sol],
  precio: '100',
  productoLocales: [{ local: { id: 1, nombre: 'Centro' }, stock: '0' }],
  proveedores: [{ id: 9, nombre: 'Visión' }],
};

describe('categories', () => {
  it('cristal, any case, becomes the only category', () => {
    expect(toggleCategoria([sol, receta], cristal, true)).toEqual([cristal]);
  });

  it('a category the admin marked as lenses counts whatever its name; the setting beats the name', () => {
    const lentes = { id: 8, nombre: 'Cristales', cristales: true };
    const noLentes = { id: 3, nombre: 'cristal', cristales: false };
    expect(toggleCategoria([sol, receta], lentes, true)).toEqual([lentes]);
    expect(toggleCategoria([lentes], noLentes, true)).toEqual([noLentes]);
    expect(toggleCategoria([noLentes], sol, true)).toEqual([noLentes, sol]);
    expect(withListFlags([{ id: 8, nombre: 'Cristales' }], [lentes, noLentes])).toEqual([lentes]);
  });

  it('any other category drops cristal and keeps the rest', () => {
    expect(toggleCategoria([cristal], sol, true)).toEqual([sol]);
    expect(toggleCategoria([sol], receta, true)).toEqual([sol, receta]);
    expect(toggleCategoria([sol, receta], sol, false)).toEqual([receta]);
  });

  it('cristal alone sends no material and no gender; a nameless material counts as none', () => {
    const f = { ...complete, categorias: [cristal], material: { id: 4, nombre: 'Acetato' }, genero: 'Hombre' };
    expect(productoBody('x', f)).toMatchObject({ material: null, genero: '' });
    const mixed = { ...f, categorias: [sol] };
    expect(productoBody('x', mixed)).toMatchObject({ material: { id: 4 }, genero: 'Hombre' });
    expect(productoBody('x', { ...mixed, material: { id: 4, nombre: '' } }).material).toBeNull();
  });
});

describe('price and stock', () => {
  it('suggests price as cost x 1.2 x 3, in cents, rounded half away from zero', () => {
    expect(priceFromCost(10000)).toBe(36000);
    expect(priceFromCost(1000)).toBe(3600);
    expect(priceFromCost(1001)).toBe(3604); // 36.036
    expect(priceFromCost(0)).toBe(0);
  });

  it("typing '150,5' as the cost suggests 541,80, not 5418 (the comma is not dropped)", () => {
    const f = typeCost(complete, '150,5');
    expect(f).toMatchObject({ costo: '150,5', precio: '541,80' });
    expect(typeCost(complete, '1.000').precio).toBe('3.600,00');
    expect(typeCost(complete, '1000.5').precio).toBe('3.601,80');
    // a cost that is not a number leaves the price alone
    expect(typeCost(complete, '1,2,3')).toMatchObject({ costo: '1,2,3', precio: '100' });
    expect(productoBody('x', { ...f, precio: '541,80' })).toMatchObject({ costo: 150.5, precio: 541.8 });
    expect(productoBody('x', { ...complete, precio: '1.234,56' }).precio).toBe(1234.56);
  });

  it('a checked branch starts at stock 0, in branch order; unchecking removes it', () => {
    const one = toggleLocal([], { id: 2, nombre: 'Norte' }, true);
    expect(one).toEqual([{ local: { id: 2, nombre: 'Norte' }, stock: '0' }]);
    const two = toggleLocal(one, { id: 1, nombre: 'Centro' }, true);
    expect(two.map((s) => s.local.id)).toEqual([1, 2]);
    expect(toggleLocal(two, { id: 2, nombre: 'Norte' }, false).map((s) => s.local.id)).toEqual([1]);
  });
});

describe('enabling the submit button', () => {
  it('needs modelo, a valid price, a branch, a brand, a category and a supplier', () => {
    expect(canSubmitProduct('RB1', complete)).toBe(true);
    expect(canSubmitProduct('  ', complete)).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, precio: '' })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, precio: '-1' })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, productoLocales: [] })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, marca: null })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, categorias: [] })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, proveedores: [] })).toBe(false);
  });

  it('refuses a stock that is not a whole number and a cost that is not a number', () => {
    const local = { id: 1, nombre: 'Centro' };
    expect(canSubmitProduct('RB1', { ...complete, productoLocales: [{ local, stock: '' }] })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, productoLocales: [{ local, stock: '1.5' }] })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, costo: '-3' })).toBe(false);
    expect(canSubmitProduct('RB1', { ...complete, costo: '' })).toBe(true);
  });

  it('says why it cannot be saved: a negative price is not a missing one', () => {
    const local = { id: 1, nombre: 'Centro' };
    expect(productProblems('RB1', complete)).toEqual([]);
    expect(productProblems('RB1', { ...complete, precio: '-1' })).toEqual(['Precio: No puede ser negativo.']);
    expect(productProblems('RB1', { ...complete, precio: '' })).toEqual(['El precio es obligatorio.']);
    expect(productProblems('RB1', { ...complete, productoLocales: [{ local, stock: '-2' }] })).toEqual([
      'Stock de Centro: No puede ser negativo.',
    ]);
    expect(productProblems('RB1', { ...complete, productoLocales: [{ local, stock: '1,5' }] })).toEqual([
      'Stock de Centro: Debe ser un número entero, sin decimales.',
    ]);
    expect(productProblems(' ', { ...emptyFields })).toEqual([
      'El modelo es obligatorio.',
      'Elija al menos una categoría.',
      'Elija una marca.',
      'El precio es obligatorio.',
      'Elija al menos un local.',
      'Elija al menos un proveedor.',
    ]);
  });

  it('the bulk form needs every model input filled', () => {
    expect(canSubmitBulk(['a', 'b'], complete)).toBe(true);
    expect(canSubmitBulk(['a', ' '], complete)).toBe(false);
    expect(canSubmitBulk([], complete)).toBe(false);
  });
});

describe('reading and writing a product', () => {
  it('round-trips a loaded product into the write body, with its version', () => {
    const p = producto();
    const body = productoBody(p.modelo, fieldsFromProducto(p), p.version);
    expect(body).toEqual({
      modelo: 'RB3025',
      marca: { id: 5 },
      categorias: [{ id: 1 }],
      material: { id: 4 },
      genero: 'Unisex',
      costo: 100,
      precio: 360,
      descripcion: 'Aviador',
      productoLocales: [{ local: { id: 1 }, stock: 3 }],
      proveedores: [{ id: 9 }],
      version: 7,
    });
    expect(productoBody(' X ', fieldsFromProducto({ ...p, costo: null }))).not.toHaveProperty('version');
    expect(productoBody(' X ', fieldsFromProducto({ ...p, costo: null })).costo).toBeNull();
  });
});

describe('bulk models', () => {
  it('trims and ignores blanks', () => {
    expect(checkModels([' a1 ', '', '  ', 'B2']).modelos).toEqual(['a1', 'B2']);
  });

  it('finds the inputs with . ; / or \\', () => {
    const check = checkModels(['ok', 'a.b', 'c;d', ' e/f ', 'g\\h', 'i-j']);
    expect(check.invalid).toEqual([1, 2, 3, 4]);
    expect(check.forbidden).toEqual(['a.b', 'c;d', 'e/f', 'g\\h']);
  });

  it('finds duplicates regardless of case, listing each once', () => {
    expect(checkModels(['RB1', 'rb1 ', 'x', 'RB1', 'X']).duplicates).toEqual(['RB1', 'x']);
    expect(checkModels(['a', 'b']).duplicates).toEqual([]);
  });

  it('sends the server lower-cased models, each once', () => {
    expect(modelsForServer(['RB1', ' rb1', 'Xy'])).toEqual(['rb1', 'xy']);
  });
});

describe('route page', () => {
  it('reads the route page, 0 when missing or malformed', () => {
    expect(pageParam('4')).toBe(4);
    expect(pageParam(undefined)).toBe(0);
    expect(pageParam('-1')).toBe(0);
    expect(pageParam('x')).toBe(0);
  });

  it('reads the category of the URL, none when missing or malformed, and keeps it in page paths', () => {
    expect(categoriaParam('3')).toBe(3);
    expect(categoriaParam(null)).toBeUndefined();
    expect(categoriaParam('')).toBeUndefined();
    expect(categoriaParam('0')).toBeUndefined();
    expect(categoriaParam('x1')).toBeUndefined();
    expect(listPath('/catalogo/page', 2, 3)).toBe('/catalogo/page/2?categoria=3');
    expect(listPath('/productos/page', 0, undefined)).toBe('/productos/page/0');
  });
});

describe('mass update and stock export', () => {
  it('accepts percentages from 0 to 100', () => {
    expect(percentageInRange(0)).toBe(true);
    expect(percentageInRange(100)).toBe(true);
    expect(percentageInRange(100.5)).toBe(false);
    expect(percentageInRange(-1)).toBe(false);
  });

  it('asks about prices or costs', () => {
    expect(massUpdateConfirmText('precio')).toBe('Se actualizarán los precios según los filtros aplicados.');
    expect(massUpdateConfirmText('costo')).toBe('Se actualizarán los costos según los filtros aplicados.');
  });

  it('names the stock file after the branch and the local date', () => {
    expect(stockFileName('La Cruz  Centro', new Date(2024, 0, 5, 23, 30))).toBe('stock_la_cruz_centro_2024-01-05.xlsx');
  });

  it('finds brands and suppliers ignoring accents and case', () => {
    expect(matches('Cañón', 'canon')).toBe(true);
    expect(matches('Óptica del Sur', 'OPTICA')).toBe(true);
    expect(matches('Optica', 'Ópti')).toBe(true);
    expect(matches('Ray-Ban', 'oak')).toBe(false);
  });
});
