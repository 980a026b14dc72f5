// The cash-box list's actions (the link, the PDFs, the delete), its pages and one patient's list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alert, confirm, toast } from '../../app/alerts';
import { capturedDownloads, pageNumbers, pagination, whenEnabled } from '../../test/page';
import { fila, springPage } from '../../test/seed';
import { admin, seller, type Routes, FILTRAR, COMPLETO, open, byId, rows, sale } from './fixture';
import { alerted, declinedDelete } from '../../test/alerts';

describe('movement list', () => {
  it('copies the public status link and confirms with a 2-second toast', async () => {
    const user = userEvent.setup();
    open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await user.click((await screen.findAllByRole('button', { name: 'Copiar enlace' }))[2]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Enlace copiado', 2000));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/estadoCompra/502-Zz81aQpL`);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getAllByRole('button', { name: 'Copiar enlace' })[0]);
    await alerted('error', 'ERROR', 'No se pudo copiar el enlace.');
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('downloads both PDFs with the session token, and tells when one fails', async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:pdf');
    const { calls } = open(admin, {
      [FILTRAR]: [200, springPage(sale, 10)],
      'GET /api/movimientos/reporteCliente/501': [200, '%PDF'],
      'GET /api/movimientos/reporteOptica/501': [200, '%PDF'],
    });
    const row = within((await screen.findAllByRole('row'))[1]);
    await user.click(row.getByRole('button', { name: 'PDF Comprobante' }));
    await waitFor(() => expect(saved).toEqual(['reporte_movimiento_cliente_501.pdf']));
    await user.click(await whenEnabled(row.getByRole<HTMLButtonElement>('button', { name: 'PDF Óptica' })));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('reporte_movimiento_optica_501.pdf');
    expect(calls.find((c) => c.path === '/api/movimientos/reporteOptica/501')?.auth).toBe(`Bearer ${admin}`);
    expect(alert).not.toHaveBeenCalled();
    const third = within(rows()[2]);
    await user.click(await whenEnabled(third.getByRole<HTMLButtonElement>('button', { name: 'PDF Comprobante' })));
    await alerted('error', 'ERROR', 'No se pudo generar el PDF.');
    expect(saved).toHaveLength(2);
  });

  it('asks before deleting; a refusal shows its message under ERROR AL ELIMINAR EL MOVIMIENTO', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const routes: Routes = {
      [FILTRAR]: [200, springPage(sale, 10)],
      'DELETE /api/movimientos/502': [500, { mensaje: 'Error al eliminar el movimiento' }],
    };
    const { calls } = open(admin, routes);
    await user.click((await screen.findAllByRole('button', { name: 'Eliminar' }))[2]);
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');
    await alerted('error', 'ERROR AL ELIMINAR EL MOVIMIENTO', 'Error al eliminar el movimiento');
    // The server answers 204 with no body.
    routes['DELETE /api/movimientos/502'] = [204, null];
    await user.click(screen.getAllByRole('button', { name: 'Eliminar' })[2]);
    await alerted('success', 'MOVIMIENTO ELIMINADO', 'El movimiento ha sido eliminado.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/movimientos/502',
      '/api/movimientos/502',
    ]);
    // The delete invalidates the list and the totals, which are fetched again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/movimientos/lista').length).toBeGreaterThan(1));
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await declinedDelete(calls, async () => (await screen.findAllByRole('button', { name: 'Eliminar' }))[0]);
  });

  it('pages through a window of 5 numbers', async () => {
    const user = userEvent.setup();
    const routes: Routes = { [FILTRAR]: [200, springPage([fila()], 10, 0, 10)] };
    const { calls } = open(admin, routes);
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    routes[FILTRAR] = [200, springPage([fila({ fecha: '2024-04-01T12:00:00' })], 10, 4, 10)];
    await user.click(pagination().getByRole('button', { name: '5' }));
    await screen.findByText('01/04/2024 12:00', { selector: 'td' });
    expect(calls.filter((c) => c.path === '/api/movimientos/lista').at(-1)?.search).toBe('?page=4&size=10');
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
  });

  it("shows one patient's movements by the id in the link, titled with the name", async () => {
    const user = userEvent.setup();
    const { calls } = open(
      seller,
      { [FILTRAR]: [200, springPage([fila()], 10)] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=12',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(screen.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paciente: José Pérez' })).toBeTruthy();
    expect(byId('filtroPaciente')).toBeNull();
    const lista = () => calls.filter((c) => c.path === '/api/movimientos/lista');
    expect(lista()[0].search).toBe('?page=0&size=10&idPaciente=12');
    // The other filters keep the patient; Limpiar too.
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(lista().at(-1)?.search).toBe('?page=0&size=10&idPaciente=12&conDeuda=true'));
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(lista().at(-1)?.search).toBe('?page=0&size=10&idPaciente=12'));
  });

  it("sums the chosen day of one patient's purchases by the id, never by the name", async () => {
    const user = userEvent.setup();
    const { calls } = open(
      admin,
      { [FILTRAR]: [200, springPage([fila()], 10)], [COMPLETO]: [200, [fila()]] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=12',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-10' } });
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('region', { name: 'Totales del día 10/05/2024' });
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/movimientos/filtrar-completo')?.search).toBe(
        '?fecha=2024-05-10&idPaciente=12&conDeuda=true',
      ),
    );
  });

  it('still searches by the name when an old link carries no id', async () => {
    const { calls } = open(
      seller,
      { [FILTRAR]: [200, springPage([fila()], 10)] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(calls.find((c) => c.path === '/api/movimientos/lista')?.search).toBe(
      '?page=0&size=10&nombrePaciente=Jos%C3%A9%20P%C3%A9rez',
    );
  });
});
