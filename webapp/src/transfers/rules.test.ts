import { describe, expect, it } from 'vitest';
import { sessionFromToken } from '../session/sessionSlice';
import { adminToken, locales, producto, sellerToken, transferencia } from '../test/seed';
import {
  agregarLinea,
  enviables,
  envioBody,
  envioInicial,
  envioProblems,
  estadoDe,
  hayFaltante,
  puedeCancelar,
  puedeRecibir,
  recepcionBody,
  recepcionInicial,
  recepcionProblems,
  unidadesText,
  type Envio,
} from './rules';

const rb = producto({
  productoLocales: [
    { local: locales[0], stock: 3, minimo: null, enTransito: 0 },
    { local: locales[1], stock: 0, minimo: null, enTransito: 0 },
  ],
});
const envio = (rest: Partial<Envio> = {}): Envio => ({
  ...agregarLinea({ ...envioInicial(1), destinoId: 2 }, rb).envio,
  ...rest,
});

describe('states', () => {
  it('reads each state in Spanish with its badge, and an unknown one as it came', () => {
    expect(estadoDe('ENVIADA').nombre).toBe('Enviada');
    expect(estadoDe('RECIBIDA').nombre).toBe('Recibida');
    expect(estadoDe('RECIBIDA_CON_FALTANTE')).toEqual({ nombre: 'Recibida con faltante', badge: 'text-bg-danger' });
    expect(estadoDe('CANCELADA').nombre).toBe('Cancelada');
    expect(estadoDe('OTRO').nombre).toBe('OTRO');
    expect(unidadesText(1)).toBe('1 unidad');
    expect(unidadesText(4)).toBe('4 unidades');
  });

  it('the destination receives and the origin cancels, while in transit; admins both', () => {
    const norte = sessionFromToken(sellerToken(2));
    const centro = sessionFromToken(sellerToken(1));
    const admin = sessionFromToken(adminToken());
    const t = transferencia();
    expect([puedeRecibir(norte, t), puedeCancelar(norte, t)]).toEqual([true, false]);
    expect([puedeRecibir(centro, t), puedeCancelar(centro, t)]).toEqual([false, true]);
    expect([puedeRecibir(admin, t), puedeCancelar(admin, t)]).toEqual([true, true]);
    const closed = transferencia({ estado: 'RECIBIDA' });
    expect([puedeRecibir(admin, closed), puedeCancelar(admin, closed)]).toEqual([false, false]);
  });
});

describe('sending', () => {
  it('adds a found product once, with one unit and the origin’s stock', () => {
    const { envio: one } = agregarLinea({ ...envioInicial(1), destinoId: 2 }, rb);
    expect(one.lineas).toEqual([{ productoId: 10, modelo: 'RB3025', marca: 'Vulk', stock: 3, cantidad: '1' }]);
    expect(agregarLinea(one, rb)).toEqual({ envio: one, repetido: true });
  });

  it('only offers products with stock at the origin', () => {
    expect(enviables([rb], 1)).toEqual([rb]);
    expect(enviables([rb], 2)).toEqual([]);
  });

  it('has no problem for up to the origin’s stock', () => {
    expect(envioProblems(envio())).toEqual([]);
    expect(envioProblems(envio({ lineas: [{ ...envio().lineas[0], cantidad: '3' }] }))).toEqual([]);
  });

  it('refuses above the origin’s stock with the server’s words', () => {
    expect(envioProblems(envio({ lineas: [{ ...envio().lineas[0], cantidad: '4' }] }))).toEqual([
      'Stock insuficiente para el producto: RB3025',
    ]);
  });

  it('asks for both branches, different, and some products', () => {
    expect(envioProblems({ ...envioInicial(0), nota: '' })).toEqual([
      'Elegí el local de origen.',
      'Elegí el local de destino.',
      'Agregá al menos un producto a la transferencia.',
    ]);
    expect(envioProblems(envio({ destinoId: 1 }))).toEqual(['El local de destino debe ser distinto del de origen.']);
  });

  it('wants whole quantities above 0 and a note of at most 255 characters', () => {
    const linea = envio().lineas[0];
    expect(envioProblems(envio({ lineas: [{ ...linea, cantidad: '0' }] }))).toEqual([
      'La cantidad de RB3025 debe ser mayor a 0.',
    ]);
    expect(envioProblems(envio({ lineas: [{ ...linea, cantidad: '' }] }))).toEqual([
      'La cantidad de RB3025 debe ser mayor a 0.',
    ]);
    expect(envioProblems(envio({ lineas: [{ ...linea, cantidad: '1,5' }] }))).toEqual([
      'Cantidad de RB3025: Debe ser un número entero, sin decimales.',
    ]);
    expect(envioProblems(envio({ nota: 'x'.repeat(256) }))).toEqual([
      'La nota o el motivo debe tener como máximo 255 caracteres.',
    ]);
    expect(envioProblems(envio({ nota: 'ñ'.repeat(255) }))).toEqual([]);
  });

  it('sends the units read and the note only when written', () => {
    expect(envioBody(envio({ nota: '  ' }))).toEqual({
      origenId: 1,
      destinoId: 2,
      lineas: [{ productoId: 10, cantidad: 1 }],
    });
    expect(envioBody(envio({ nota: ' Vidriera ', lineas: [{ ...envio().lineas[0], cantidad: '3' }] }))).toEqual({
      origenId: 1,
      destinoId: 2,
      lineas: [{ productoId: 10, cantidad: 3 }],
      nota: 'Vidriera',
    });
  });
});

describe('receiving', () => {
  const t = transferencia();

  it('opens with what was sent, which needs no reason', () => {
    const r = recepcionInicial(t);
    expect(r).toEqual({ recibidas: { 10: '3', 11: '1' }, motivo: '' });
    expect(hayFaltante(t, r)).toBe(false);
    expect(recepcionProblems(t, r)).toEqual([]);
    expect(recepcionBody(t, r)).toEqual({
      recibidas: [
        { productoId: 10, cantidad: 3 },
        { productoId: 11, cantidad: 1 },
      ],
    });
  });

  it('less than sent needs the shortfall’s reason, in the server’s words', () => {
    const r = { recibidas: { 10: '2', 11: '1' }, motivo: '' };
    expect(hayFaltante(t, r)).toBe(true);
    expect(recepcionProblems(t, r)).toEqual(['Recibir menos de lo enviado necesita el motivo del faltante.']);
    expect(recepcionProblems(t, { ...r, motivo: '   ' })).toEqual([
      'Recibir menos de lo enviado necesita el motivo del faltante.',
    ]);
    const conMotivo = { ...r, motivo: ' Llegó rota ' };
    expect(recepcionProblems(t, conMotivo)).toEqual([]);
    expect(recepcionBody(t, conMotivo)).toEqual({
      recibidas: [
        { productoId: 10, cantidad: 2 },
        { productoId: 11, cantidad: 1 },
      ],
      motivo: 'Llegó rota',
    });
    // None arrived at all is a shortfall too.
    expect(recepcionProblems(t, { recibidas: { 10: '0', 11: '0' }, motivo: 'Se perdió' })).toEqual([]);
  });

  it('refuses more than sent, a blank and a negative, as the server does', () => {
    expect(recepcionProblems(t, { recibidas: { 10: '4', 11: '1' }, motivo: '' })).toEqual([
      'De RB3025 se enviaron 3: no se pueden recibir más ni menos de 0.',
    ]);
    expect(recepcionProblems(t, { recibidas: { 10: '', 11: '1' }, motivo: '' })).toEqual([
      'De RB3025 se enviaron 3: no se pueden recibir más ni menos de 0.',
    ]);
    expect(recepcionProblems(t, { recibidas: { 10: '-1', 11: '1' }, motivo: 'x' })).toEqual([
      'Cantidad de RB3025: No puede ser negativo.',
    ]);
    expect(recepcionProblems(t, { recibidas: { 10: '3', 11: '1' }, motivo: 'x'.repeat(256) })).toEqual([
      'La nota o el motivo debe tener como máximo 255 caracteres.',
    ]);
  });
});
