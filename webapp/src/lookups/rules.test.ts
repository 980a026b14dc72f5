import { describe, expect, it } from 'vitest';
import { menuCategories } from '../layout/menuCategories';
import { bodyFromForm, buttonStates, emptyForm, isFormValid, saveProblems } from './rules';
import { screens } from './screens';

describe('lookup form rules', () => {
  it('needs every field of the screen, ignoring blanks', () => {
    const local = screens.local.fields;
    expect(isFormValid(local, { nombre: 'Centro', direccion: 'Calle 1', celular: '123' })).toBe(true);
    expect(isFormValid(local, { nombre: 'Centro', direccion: 'Calle 1', celular: '' })).toBe(false);
    expect(isFormValid(local, { nombre: '  ', direccion: 'Calle 1', celular: '1' })).toBe(false);
    expect(isFormValid(screens.proveedor.fields, { nombre: 'Visión', direccion: '', celular: '1' })).toBe(true);
    expect(isFormValid(screens.marca.fields, { ...emptyForm, nombre: 'Vulk' })).toBe(true);
    expect(isFormValid(screens.marca.fields, emptyForm)).toBe(false);
  });

  it('refuses names longer than the server accepts', () => {
    expect(isFormValid(screens.marca.fields, { ...emptyForm, nombre: 'x'.repeat(40) })).toBe(true);
    expect(isFormValid(screens.marca.fields, { ...emptyForm, nombre: 'x'.repeat(41) })).toBe(false);
    expect(isFormValid(screens.metodoPago.fields, { ...emptyForm, nombre: 'x'.repeat(50) })).toBe(true);
  });

  it('says why the form cannot be saved, field by field, with the server limits', () => {
    const local = screens.local.fields;
    expect(saveProblems(local, emptyForm)).toEqual([
      'Escribí el nombre.',
      'Escribí la dirección.',
      'Escribí el celular.',
    ]);
    expect(saveProblems(local, { nombre: '   ', direccion: 'Calle 1', celular: '12' })).toEqual(['Escribí el nombre.']);
    expect(saveProblems(local, { nombre: 'Centro', direccion: 'x'.repeat(121), celular: '1'.repeat(21) })).toEqual([
      'La dirección puede tener hasta 120 caracteres (tiene 121).',
      'El celular puede tener hasta 20 caracteres (tiene 21).',
    ]);
    expect(saveProblems(screens.marca.fields, { ...emptyForm, nombre: 'x'.repeat(45) })).toEqual([
      'El nombre puede tener hasta 40 caracteres (tiene 45).',
    ]);
    expect(saveProblems(screens.metodoPago.fields, { ...emptyForm, nombre: 'x'.repeat(51) })).toEqual([
      'El nombre puede tener hasta 50 caracteres (tiene 51).',
    ]);
    // the fields a screen does not have are not asked for
    expect(saveProblems(screens.proveedor.fields, { nombre: 'Visión', direccion: '', celular: '1' })).toEqual([]);
  });

  it('counts as the server does: trimmed, in characters, not UTF-16 units', () => {
    expect(saveProblems(screens.marca.fields, { ...emptyForm, nombre: `  ${'x'.repeat(40)}  ` })).toEqual([]);
    expect(saveProblems(screens.marca.fields, { ...emptyForm, nombre: '😎'.repeat(40) })).toEqual([]);
    expect(saveProblems(screens.marca.fields, { ...emptyForm, nombre: 'ñ'.normalize('NFC').repeat(40) })).toEqual([]);
  });

  it('enables create only without a selection, edit and delete only with one', () => {
    expect(buttonStates(false, true)).toEqual({ create: true, edit: false, remove: false });
    expect(buttonStates(false, false)).toEqual({ create: false, edit: false, remove: false });
    expect(buttonStates(true, true)).toEqual({ create: false, edit: true, remove: true });
    expect(buttonStates(true, false)).toEqual({ create: false, edit: false, remove: true });
  });

  it('sends only the screen fields, trimmed', () => {
    expect(bodyFromForm(screens.marca.fields, { nombre: ' Vulk ', direccion: 'x', celular: 'y' })).toEqual({
      nombre: 'Vulk',
    });
  });

  it('after each action brands stay, the others go to inicio', () => {
    const after = Object.fromEntries(Object.entries(screens).map(([k, s]) => [k, s.after]));
    expect(after).toEqual({
      categoria: 'inicio',
      marca: 'reload',
      material: 'inicio',
      metodoPago: 'inicio',
      local: 'inicio',
      proveedor: 'inicio',
      laboratorio: 'inicio',
    });
  });
});

describe('menu categories', () => {
  it('finds Sol, Receta and Accesorios by name, any case', () => {
    const ids = menuCategories([
      { id: 1, nombre: 'Cristal' },
      { id: 2, nombre: 'Anteojos de SOL' },
      { id: 3, nombre: 'receta' },
      { id: 4, nombre: 'Accesorios' },
    ]);
    expect(ids).toEqual({ sol: 2, receta: 3, accesorios: 4 });
    expect(menuCategories(undefined)).toEqual({ sol: undefined, receta: undefined, accesorios: undefined });
  });
});
