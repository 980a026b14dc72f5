import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { openPage, openScreen, type Answers } from '../test/page';
import { adminToken, lookupAnswers } from '../test/seed';
import { MassUpdate } from './MassUpdate';
import { alerted, confirmed } from '../test/alerts';

const admin = adminToken();

const open = (routes: Answers = {}) => openScreen('/actualizar-productos', <MassUpdate />, admin, routes);

const aplicar = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Aplicar Cambios' });
const posted = (calls: { method: string; body: string | null }[]) => calls.filter((c) => c.method === 'POST');

afterEach(() => {
  vi.mocked(confirm).mockReset();
});

describe('mass price or cost update', () => {
  it('asks about prices or costs, and sends nothing when not confirmed', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const calls = open();
    expect(aplicar().disabled).toBe(true);
    await user.type(screen.getByLabelText('Valor'), '10');
    await user.click(aplicar());
    expect(confirm).toHaveBeenLastCalledWith(
      '¿Estás seguro?',
      'Se actualizarán los precios según los filtros aplicados.',
      'Sí, aplicar cambios',
    );
    await user.click(screen.getByLabelText('Costo'));
    await user.click(aplicar());
    expect(confirm).toHaveBeenLastCalledWith(
      '¿Estás seguro?',
      'Se actualizarán los costos según los filtros aplicados.',
      'Sí, aplicar cambios',
    );
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    expect(posted(calls)).toHaveLength(0);
  });

  it('refuses a percentage outside 0 to 100 before asking', async () => {
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Valor'), '150');
    await user.click(aplicar());
    expect(alert).toHaveBeenCalledWith('warning', 'Valor inválido', 'El porcentaje debe estar entre 0 y 100.');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('sends the chosen filters, then goes to inicio', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const calls = open({ 'POST /api/productos/actualizar-precios': [200, { mensaje: 'ok', actualizados: 3 }] });
    await user.click(screen.getByLabelText('Fijo'));
    await user.type(screen.getByLabelText('Valor'), '500');
    await user.selectOptions(screen.getByLabelText('Categoría'), await screen.findByRole('option', { name: 'Receta' }));
    await user.type(screen.getByLabelText('Marca'), 'ray');
    await user.click(await screen.findByRole('button', { name: 'Ray-Ban' }));
    await user.click(aplicar());
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith(
      'success',
      'Actualización Exitosa',
      'Los precios o costos se actualizaron correctamente.',
    );
    expect(JSON.parse(posted(calls)[0].body!)).toEqual({
      tipo: 'precio',
      tipoCambio: 'fijo',
      valor: 500,
      categoria: 2,
      proveedor: null,
      material: null,
      marca: 6,
    });
  });

  it('a supplier edited after picking filters nothing; a failure says so', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const calls = open({ 'POST /api/productos/actualizar-precios': [400, { mensaje: 'mal' }] });
    await user.type(screen.getByLabelText('Valor'), '5');
    await user.type(screen.getByLabelText('Proveedor'), 'vis');
    await user.click(await screen.findByRole('button', { name: 'Visión' }));
    await user.type(screen.getByLabelText('Proveedor'), 'x');
    await user.click(aplicar());
    await alerted('error', 'ERROR', 'Ocurrió un error al actualizar los productos');
    expect(JSON.parse(posted(calls)[0].body!).proveedor).toBeNull();
  });

  it('asks before leaving with a value or a filter changed, and not after applying', async () => {
    const user = userEvent.setup();
    const screens = [
      { path: '/actualizar-productos', element: <MassUpdate /> },
      { path: '/inicio', element: <p>pantalla de inicio</p> },
    ];
    const { router } = openPage('/actualizar-productos', screens, {
      token: admin,
      answers: {
        ...lookupAnswers,
        'POST /api/productos/actualizar-precios': [200, { mensaje: 'ok', actualizados: 3 }],
      },
    });
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.click(screen.getByLabelText('Costo'));
    expect(unload()).toBe(true);
    vi.mocked(confirm).mockResolvedValue(false);
    await router.navigate('/inicio');
    await confirmed(
      '¿Salir sin guardar?',
      'Hay cambios sin guardar en este formulario. Si sale ahora, se perderán.',
      'Sí, salir sin guardar',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/actualizar-productos'));
    await user.type(screen.getByLabelText('Valor'), '10');
    vi.mocked(confirm).mockReset();
    vi.mocked(confirm).mockResolvedValue(true);
    await user.click(aplicar());
    await screen.findByText('pantalla de inicio');
    // only the 'apply' question, no leave question after a successful apply
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(unload()).toBe(false);
  });
});
