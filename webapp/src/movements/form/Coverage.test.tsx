// A sale covered by the patient's obra social: the section the patient prefills, what the obra
// social and the patient pay as lines are added, the prescription a plan asks for, and what is
// sent. The seed's OSDE: plan 210 pays 40 % of the lenses up to $ 30.000 and asks for a
// prescription of at most 60 days; plan 310 pays 12,5 % of the lenses and the frames up to
// $ 15.000,50, without a prescription.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../../app/alerts';
import { coberturaLeida, cristal, pacienteAfiliado, producto, springPage, ventaCubierta } from '../../test/seed';
import { addPayment, button, chooseBranch, el, fixClock, open, search, sent, type Routes, type User } from './fixture';

fixClock();

const AFILIADO_310 = { obraSocialId: 1, obraSocial: 'OSDE', plan: '310', afiliado: '61234567/01' };

const creado = { mensaje: 'El movimiento ha sido creado!', movimiento: ventaCubierta() };

/** Opens a new sale for the patient, whose obra social the route's answer says. */
function openFor(paciente = pacienteAfiliado(), routes: Routes = {}) {
  return open('/crearMovimiento/7', {
    'GET /api/pacientes/id/7': [200, paciente],
    'GET /api/productos/buscar': [200, [producto(), cristal()]],
    'POST /api/movimientos': [201, creado],
    ...routes,
  });
}

/** Adds one of each found product: RB3025 (a frame, $ 360) and Orma 1.5 (a lens, $ 1.000). */
async function addLines(user: User, ids: string[] = ['10', '20']) {
  for (const id of ids) {
    await search(user, 'R');
    await screen.findByRole('option', { name: /Orma 1.5/ });
    await user.selectOptions(el('#productoEncontrado'), id);
    await user.click(button('Agregar producto'));
  }
}

const problems = () => screen.queryByTestId('save-problems')?.textContent ?? '';

describe('a sale covered by an obra social', () => {
  it('a patient chosen with an obra social covers the sale: the parts are shown and sent with the sale', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearMovimiento', {
      'GET /api/pacientes/buscar/nombre': [200, springPage([pacienteAfiliado({ afiliacion: AFILIADO_310 })], 12)],
      'GET /api/productos/buscar': [200, [producto(), cristal()]],
      'POST /api/movimientos': [201, creado],
    });
    await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
    await chooseBranch(user, 'Centro');
    // Without a patient there is no one to cover.
    expect(document.querySelector('#conCobertura')).toBeNull();
    await user.type(el('#buscarPaciente'), 'jose');
    await user.click(within(screen.getByRole('search', { name: 'Buscar paciente por nombre' })).getByRole('button'));
    await user.click(await screen.findByRole('button', { name: 'Seleccionar José Pérez' }));

    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Con cobertura de obra social' }).checked).toBe(true);
    await screen.findByRole('option', { name: 'Swiss Medical' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Obra social' }).value).toBe('1');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Plan' }).value).toBe('310');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'N° de afiliado' }).value).toBe('61234567/01');
    // Plan 310 asks for no prescription.
    expect(document.querySelector('#coberturaMedico')).toBeNull();

    await addLines(user);
    // 12,5 % of the lens's $ 1.000, and the frame's $ 360 whole (below the cap).
    expect(el('#parteObraSocial').textContent).toBe(
      'La obra social paga $ 485,00 (cristales $ 125,00, armazones $ 360,00)',
    );
    expect(el('#partePaciente').textContent).toBe('El paciente paga $ 875,00');
    expect(el('#total').textContent).toBe('$ 1.360,00');
    // The discount lowers both parts.
    await user.type(el('#descuento'), '10');
    await user.tab();
    expect(el('#parteObraSocial').textContent).toBe(
      'La obra social paga $ 436,50 (cristales $ 112,50, armazones $ 324,00)',
    );
    expect(el('#partePaciente').textContent).toBe('El paciente paga $ 787,50');

    await addPayment(user, '787,50');
    expect(within(screen.getByTestId('pago-0')).getByRole('img', { name: 'Pago completo' })).toBeTruthy();
    expect(el('#deuda').textContent).toBe('$ 0,00');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    const body = sent(calls, 'POST');
    expect(body).toMatchObject({ total: 1224, descuento: 10, paciente: { id: 7 } });
    expect(body.cobertura).toEqual({
      obraSocialId: 1,
      plan: '310',
      afiliado: '61234567/01',
      medico: null,
      matricula: null,
      fechaReceta: null,
      monto: 436.5,
    });
  });

  it('a plan that asks for the prescription keeps Guardar waiting until the doctor, registration and date are written', async () => {
    const user = userEvent.setup();
    const { calls } = openFor();
    await screen.findByText('José Pérez');
    await screen.findByRole('option', { name: '210' });
    await addLines(user, ['20']);
    expect(el('#parteObraSocial').textContent).toBe(
      'La obra social paga $ 400,00 (cristales $ 400,00, armazones $ 0,00)',
    );
    await addPayment(user, '600');
    const receta = 'El plan 210 requiere la receta: escribí el médico, su matrícula y la fecha de la receta.';
    expect(button('Guardar').disabled).toBe(true);
    expect(problems()).toContain(receta);

    await user.type(screen.getByRole('textbox', { name: 'Médico' }), 'Dr. Gómez');
    await user.type(screen.getByRole('textbox', { name: 'Matrícula' }), 'MN 5678');
    expect(button('Guardar').disabled).toBe(true);
    await user.type(el('#coberturaFechaReceta'), '20/05/2025');
    expect(problems()).not.toContain(receta);
    expect(button('Guardar').disabled).toBe(false);
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST').cobertura).toEqual({
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      medico: 'Dr. Gómez',
      matricula: 'MN 5678',
      fechaReceta: '2025-05-20',
      monto: 400,
    });
  });

  it('tells a prescription older than the plan accepts, or written after the sale', async () => {
    const user = userEvent.setup();
    openFor();
    await screen.findByRole('option', { name: '210' });
    await addLines(user, ['20']);
    await addPayment(user, '600');
    await user.type(el('#coberturaMedico'), 'Dr. Gómez');
    await user.type(el('#coberturaMatricula'), 'MN 5678');
    await user.type(el('#coberturaFechaReceta'), '01/03/2025');
    expect(problems()).toContain('La receta del 01/03/2025 venció el 30/04/2025 (el plan la acepta por 60 días).');
    expect(button('Guardar').disabled).toBe(true);
    await user.clear(el('#coberturaFechaReceta'));
    await user.type(el('#coberturaFechaReceta'), '02/06/2025');
    expect(problems()).toContain('La fecha de la receta no puede ser posterior a la venta.');
    // The sale's own date is what it is measured against.
    await user.clear(el('#fecha'));
    await user.type(el('#fecha'), '02/06/2025 10:00');
    expect(problems()).not.toContain('La fecha de la receta');
  });

  it('unchecked, the sale goes without coverage: the patient pays the total and the body says null', async () => {
    const user = userEvent.setup();
    const { calls } = openFor(pacienteAfiliado({ afiliacion: AFILIADO_310 }));
    await screen.findByRole('option', { name: '310' });
    await addLines(user);
    expect(el('#partePaciente').textContent).toBe('El paciente paga $ 875,00');
    await user.click(screen.getByRole('checkbox', { name: 'Con cobertura de obra social' }));
    expect(document.querySelector('#coberturaObraSocial')).toBeNull();
    expect(document.querySelector('#partePaciente')).toBeNull();
    await addPayment(user, '875');
    // The whole total is the patient's again.
    expect(within(screen.getByTestId('pago-0')).getByRole('img', { name: 'Pago incompleto' })).toBeTruthy();
    expect(el('#deuda').textContent).toBe('$ 485,00');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'POST')).toMatchObject({ total: 1360, cobertura: null });
  });

  it('measures the payments against what the patient pays: complete, change and the server’s words', async () => {
    const user = userEvent.setup();
    const { calls } = openFor(pacienteAfiliado({ afiliacion: AFILIADO_310 }));
    await screen.findByRole('option', { name: '310' });
    await addLines(user);
    await addPayment(user, '500');
    expect(within(screen.getByTestId('pago-0')).getByRole('img', { name: 'Pago incompleto' })).toBeTruthy();
    expect(el('#deuda').textContent).toBe('$ 375,00');
    await addPayment(user, '500');
    const words = 'Los pagos no pueden superar lo que paga el paciente ($ 875,00): el resto lo cubre la obra social.';
    expect(screen.getByRole('alert').textContent).toBe(words);
    expect(screen.getByTestId('vuelto').textContent).toBe('Vuelto: $ 125,00');
    expect(el('#deuda').textContent).toBe('$ 0,00');
    expect(button('Guardar').disabled).toBe(true);
    expect(problems()).toContain(words);
    await user.click(button('Guardar'));
    expect(alert).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('an edited sale loads its coverage and sends it back', async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarMovimiento/503', {
      'GET /api/movimientos/503': [200, ventaCubierta()],
      'PUT /api/movimientos/503': [201, { mensaje: 'El movimiento ha sido actualizado!', movimiento: ventaCubierta() }],
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(screen.getByTestId('coberturaGuardada').textContent).toBe('Obra social: OSDE 210 · $ 720,00');
    await screen.findByRole('option', { name: '210' });
    expect(el<HTMLInputElement>('#conCobertura').checked).toBe(true);
    expect(el<HTMLSelectElement>('#coberturaObraSocial').value).toBe('1');
    expect(el<HTMLSelectElement>('#coberturaPlan').value).toBe('210');
    expect(el<HTMLInputElement>('#coberturaAfiliado').value).toBe('61234567/01');
    expect(el<HTMLInputElement>('#coberturaMedico').value).toBe('Dra. Ruiz');
    expect(el<HTMLInputElement>('#coberturaMatricula').value).toBe('MP 1234');
    expect(el<HTMLInputElement>('#coberturaFechaReceta').value).toBe('20/04/2025');
    expect(el('#parteObraSocial').textContent).toBe(
      'La obra social paga $ 720,00 (cristales $ 720,00, armazones $ 0,00)',
    );
    expect(el('#partePaciente').textContent).toBe('El paciente paga $ 1.656,00');
    expect(el('#deuda').textContent).toBe('$ 656,00');
    await user.selectOptions(el('#estadoMovimiento'), 'ANTEOJO_TERMINADO');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    const body = sent(calls, 'PUT');
    expect(body).toMatchObject({ total: 2376, version: 3, estadoMovimiento: 'ANTEOJO_TERMINADO' });
    expect(body.cobertura).toEqual({
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      medico: 'Dra. Ruiz',
      matricula: 'MP 1234',
      fechaReceta: '2025-04-20',
      monto: 720,
    });
  });

  it('an edit that unchecks the coverage removes it', async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarMovimiento/503', {
      'GET /api/movimientos/503': [200, ventaCubierta()],
      'PUT /api/movimientos/503': [201, { mensaje: 'El movimiento ha sido actualizado!', movimiento: ventaCubierta() }],
    });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    await user.click(el('#conCobertura'));
    expect(el('#deuda').textContent).toBe('$ 1.376,00');
    await user.click(button('Guardar'));
    await screen.findByText('listado de movimientos');
    expect(sent(calls, 'PUT').cobertura).toBeNull();
  });

  it('a sale presented to its obra social says so, and keeps what was presented', async () => {
    const user = userEvent.setup();
    const presentada = ventaCubierta({ cobertura: coberturaLeida({ liquidacionId: 9 }) });
    open('/editarMovimiento/503', { 'GET /api/movimientos/503': [200, presentada] });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(el('#coberturaPresentada').textContent).toBe(
      'Presentada a la obra social en la liquidación N.º 9: la cobertura y lo que cubre quedan como se presentaron.',
    );
    await screen.findByRole('option', { name: '210' });
    await user.click(el('#conCobertura'));
    expect(problems()).toContain(
      'La venta fue presentada a la obra social en la liquidación N.º 9: su cobertura y lo que cubre no pueden cambiar.',
    );
  });

  it('a sale whose rejected part was billed to the patient says what the obra social pays now', async () => {
    const facturada = ventaCubierta({ cobertura: coberturaLeida({ liquidacionId: 9, facturadoAlPaciente: 200 }) });
    open('/editarMovimiento/503', { 'GET /api/movimientos/503': [200, facturada] });
    await screen.findByRole('heading', { name: 'Editar Movimiento' });
    expect(screen.getByTestId('coberturaGuardada').textContent).toBe('Obra social: OSDE 210 · $ 520,00');
    await screen.findByRole('option', { name: '210' });
    expect(el('#facturadoAlPaciente').textContent).toBe(
      'Rechazó $ 200,00 en su liquidación, facturados al paciente: la obra social paga $ 520,00.',
    );
    expect(el('#partePaciente').textContent).toBe('El paciente paga $ 1.856,00');
  });
});
