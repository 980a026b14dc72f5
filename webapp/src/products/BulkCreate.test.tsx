import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { openScreen, type Answers } from '../test/page';
import { adminToken } from '../test/seed';
import { fillSharedFields } from '../test/productForm';
import { BulkCreate } from './BulkCreate';
import { alerted } from '../test/alerts';

const admin = adminToken();

const open = (routes: Answers = {}) => openScreen('/crearVariosProductos', <BulkCreate />, admin, routes);

const model = (n: number) => screen.getByLabelText<HTMLInputElement>(`Modelo ${n}`);
const crear = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Crear Producto' });

async function typeModels(user: UserEvent, models: string[]) {
  for (const [i, m] of models.entries()) {
    if (i > 0) await user.click(screen.getByRole('button', { name: 'Agregar modelo' }));
    await user.type(model(i + 1), m);
  }
}

/** Types `models`, fills what they share and asks to create them. */
async function submitModels(user: UserEvent, models: string[]) {
  await typeModels(user, models);
  await fillSharedFields(user);
  await user.click(crear());
}

describe('bulk product creation', () => {
  it('offers remove only while there is more than one model, and needs every model filled', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('heading', { name: 'Crear Producto' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Quitar modelo 1' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Agregar modelo' }));
    expect(screen.getByRole('button', { name: 'Quitar modelo 2' })).toBeTruthy();
    await user.type(model(1), 'RB1');
    await fillSharedFields(user);
    expect(crear().disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Quitar modelo 2' }));
    expect(screen.queryByRole('button', { name: 'Quitar modelo 1' })).toBeNull();
    expect(crear().disabled).toBe(false);
  });

  it('refuses models repeated in the form, any case', async () => {
    const user = userEvent.setup();
    const calls = open();
    await submitModels(user, ['RB1', ' rb1', 'OX2']);
    expect(alert).toHaveBeenCalledWith('warning', 'MODELOS REPETIDOS', 'Tenés modelos repetidos en el formulario: RB1');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lists and highlights models with forbidden characters', async () => {
    const user = userEvent.setup();
    const calls = open();
    await submitModels(user, ['a.b', 'ok', 'c/d']);
    expect(alert).toHaveBeenCalledWith(
      'warning',
      'MODELOS INVÁLIDOS',
      "Los modelos no pueden contener '.', ';', '/' ni '\\': a.b, c/d",
    );
    expect(model(1).className).toContain('is-invalid');
    expect(model(2).className).not.toContain('is-invalid');
    expect(model(3).className).toContain('is-invalid');
    await user.type(model(1), 'x');
    expect(model(1).className).not.toContain('is-invalid');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses models the brand already has', async () => {
    const user = userEvent.setup();
    const calls = open({ 'POST /api/productos/validar-modelos': [200, ['rb1']] });
    await submitModels(user, ['RB1 ', 'OX2']);
    await alerted('warning', 'MODELOS EXISTENTES', 'Ya existen los siguientes modelos para esta marca: rb1');
    expect(JSON.parse(calls.find((c) => c.path.endsWith('validar-modelos'))!.body!)).toEqual(['rb1', 'ox2']);
    expect(model(1).className).toContain('is-invalid');
    expect(calls.some((c) => c.path.endsWith('crearVarios'))).toBe(false);
  });

  it('tells when the models could not be checked', async () => {
    const user = userEvent.setup();
    open({ 'POST /api/productos/validar-modelos': [500, { mensaje: 'caído' }] });
    await submitModels(user, ['RB1']);
    await alerted('error', 'ERROR', 'Ocurrió un problema al validar los modelos.');
  });

  it('saves every model with the shared fields, then goes to inicio', async () => {
    const user = userEvent.setup();
    const calls = open({
      'POST /api/productos/validar-modelos': [200, []],
      'POST /api/productos/crearVarios': [
        201,
        { mensaje: 'Todos los productos fueron guardados con éxito.', guardados: 2 },
      ],
    });
    await submitModels(user, [' RB1 ', 'OX2']);
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('success', 'PRODUCTOS CREADOS', 'Los productos han sido guardados con éxito!');
    const body = JSON.parse(calls.find((c) => c.path.endsWith('crearVarios'))!.body!);
    expect(body.map((p: { modelo: string }) => p.modelo)).toEqual(['RB1', 'OX2']);
    expect(body[1]).toMatchObject({ marca: { id: 5 }, precio: 36, costo: 10, proveedores: [{ id: 9 }] });
    expect(calls.find((c) => c.path.endsWith('validar-modelos'))).toBeTruthy();
  });

  it('shows the mensaje and errores of a refused batch', async () => {
    const user = userEvent.setup();
    open({
      'POST /api/productos/validar-modelos': [200, []],
      'POST /api/productos/crearVarios': [
        400,
        { mensaje: 'Algunos productos no se pudieron guardar.', errores: ['RB1: precio inválido'], guardados: 0 },
      ],
    });
    await submitModels(user, ['RB1']);
    await alerted('error', 'ERROR', 'Algunos productos no se pudieron guardar. RB1: precio inválido');
    expect(screen.getByRole('heading', { name: 'Crear Producto' })).toBeTruthy();
  });
});
