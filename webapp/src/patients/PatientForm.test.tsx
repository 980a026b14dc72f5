import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { formatFecha, isoDate } from '../lib/dates';
import { openPage, type Answers } from '../test/page';
import { adminToken, locales, obrasSociales, paciente, sellerToken } from '../test/seed';
import { EditPatient, PatientForm } from './PatientForm';
import { alerted } from '../test/alerts';

const admin = adminToken();
const seller = sellerToken(2);

function Movimiento() {
  return <p>movimiento del paciente {useParams().pacienteId}</p>;
}

function open(at: string, routes: Answers, token = admin) {
  routes['GET /api/local'] ??= [200, locales];
  routes['GET /api/obrasSociales'] ??= [200, obrasSociales()];
  return openPage(
    at,
    [
      { path: '/crearPaciente', element: <PatientForm /> },
      { path: '/editarPaciente/:id', element: <EditPatient /> },
      { path: '/crearMovimiento/:pacienteId', element: <Movimiento /> },
      { path: '/adminitrarPaciente', element: <p>listado de pacientes</p> },
    ],
    { token, answers: routes },
  );
}

const input = (label: string, scope = screen as Pick<typeof screen, 'getByLabelText'>) =>
  scope.getByLabelText<HTMLInputElement>(label);
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const fichas = () => screen.getAllByRole('group', { name: /^Ficha de graduación \d+$/ });
const ficha = (n: number) => within(screen.getByRole('group', { name: `Ficha de graduación ${n}` }));
const sent = (calls: { method: string; body: string | null }[], method: string) =>
  JSON.parse(calls.find((c) => c.method === method)!.body!);
const saved = (mensaje: string, id = 7) => [201, { mensaje, paciente: paciente({ id }) }] as [number, unknown];

/** Opens patient 7's edit form, its update answered `put`; answers the requests, once loaded. */
async function openEdit(put: [number, unknown]) {
  const { calls } = open('/editarPaciente/7', {
    'GET /api/pacientes/id/7': [200, paciente()],
    'PUT /api/pacientes/7': put,
  });
  await screen.findByLabelText('Nombre completo');
  return calls;
}

afterEach(() => {
  vi.mocked(confirm).mockReset();
});

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input('Nombre completo'), ' Ana Gómez ');
  await user.type(input('Celular'), '3772 111');
  await user.click(await screen.findByLabelText('Norte'));
  await user.click(input('Mujer'));
}

describe('create patient form', () => {
  it('starts with one ficha dated today and enables Crear Paciente only when valid', async () => {
    const user = userEvent.setup();
    open('/crearPaciente', {});
    expect(screen.getByRole('heading', { name: 'Crear Paciente' })).toBeTruthy();
    expect(fichas()).toHaveLength(1);
    expect(input('Fecha', ficha(1)).value).toBe(formatFecha(isoDate(new Date())));
    expect(input('Esférico lejos derecho', ficha(1)).value).toBe('0,00');
    expect(input('Eje cerca izquierdo', ficha(1)).value).toBe('0');
    expect(screen.queryByRole('link', { name: 'Ver compras' })).toBeNull();
    expect(button('Crear Paciente').disabled).toBe(true);
    expect(button('Registrar un movimiento').disabled).toBe(true);
    expect([...screen.getByTestId('save-problems').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'El nombre completo es obligatorio.',
      'El celular es obligatorio.',
      'Elija un local.',
      'Elija el género.',
    ]);

    await user.type(input('Nombre completo'), 'Ana');
    await user.type(input('Celular'), '11');
    await user.click(await screen.findByLabelText('Centro'));
    expect(button('Crear Paciente').disabled).toBe(true); // no gender yet
    await user.click(input('X'));
    expect(button('Crear Paciente').disabled).toBe(false);
    await user.clear(input('Celular'));
    expect(button('Crear Paciente').disabled).toBe(true);
    // the field says it, and so does the list under the disabled buttons
    expect(screen.getAllByText('El celular es obligatorio.')).toHaveLength(2);
    expect([...screen.getByTestId('save-problems').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'El celular es obligatorio.',
    ]);
  });

  it('preselects the branch of a user who has one', async () => {
    open('/crearPaciente', {}, seller);
    expect((await screen.findByLabelText<HTMLInputElement>('Norte')).checked).toBe(true);
    expect(input('Centro').checked).toBe(false);
  });

  it('computes the near sphere per eye and normalises what is typed', async () => {
    const user = userEvent.setup();
    open('/crearPaciente', {});
    const f = ficha(1);
    await user.clear(input('Esférico lejos derecho', f));
    await user.type(input('Esférico lejos derecho', f), '-1,25');
    await user.type(input('Adición derecho', f), '+2');
    expect(input('Esférico cerca derecho', f).value).toBe('+0,75');
    expect(input('Esférico cerca izquierdo', f).value).toBe('0,00');
    await user.tab();
    expect(input('Esférico lejos derecho', f).value).toBe('-1,25');
    expect(input('Adición derecho', f).value).toBe('+2,00');

    await user.clear(input('Esférico lejos derecho', f));
    await user.type(input('Esférico lejos derecho', f), '-1.1');
    await user.clear(input('Adición derecho', f));
    await user.type(input('Adición derecho', f), '0,2');
    expect(input('Esférico cerca derecho', f).value).toBe('-0,90');
    await user.clear(input('Adición derecho', f));
    await user.type(input('Adición derecho', f), '0');
    expect(input('Esférico cerca derecho', f).value).toBe('0,00');

    await user.clear(input('Eje lejos izquierdo', f));
    await user.type(input('Eje lejos izquierdo', f), '090');
    await user.type(input('DNP derecho', f), 'abc');
    await user.tab();
    expect(input('Eje lejos izquierdo', f).value).toBe('90');
    await user.tab();
    // text that is not a number stays, marked with why, and the patient cannot be saved with it
    expect(input('DNP derecho', f).value).toBe('abc');
    expect(input('DNP derecho', f).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('save-problems').textContent).toContain(
      'DNP derecho: No es un número. Escriba, por ejemplo, 1.234,56.',
    );
  });

  it('adds fichas first and removes the latest after confirmation', async () => {
    const user = userEvent.setup();
    open('/crearPaciente', {});
    expect(button('Eliminar última ficha').disabled).toBe(true);
    await user.type(input('Adición izquierdo', ficha(1)), '1');
    await user.click(button('Agregar ficha'));
    expect(fichas()).toHaveLength(2);
    // the new one is first, blank, dated today
    expect(input('Adición izquierdo', ficha(1)).value).toBe('');
    expect(input('Adición izquierdo', ficha(2)).value).toBe('+1,00');
    expect(input('Fecha', ficha(1)).value).toBe(formatFecha(isoDate(new Date())));
    expect(input('Esférico cerca derecho', ficha(1)).value).toBe('0,00');

    // an older date on the first one: once left, the list re-sorts newest first
    await user.clear(input('Fecha', ficha(1)));
    await user.type(input('Fecha', ficha(1)), '1/1/2020');
    await user.tab();
    expect(input('Fecha', ficha(2)).value).toBe('01/01/2020');
    expect(input('Adición izquierdo', ficha(1)).value).toBe('+1,00');
    expect(button('Eliminar última ficha').disabled).toBe(false);
    vi.mocked(confirm).mockResolvedValue(false);
    await user.click(button('Eliminar última ficha'));
    expect(confirm).toHaveBeenCalledWith(
      '¿Estás seguro?',
      'Se eliminará la última ficha de graduación del historial.',
      'Sí, eliminar',
    );
    expect(fichas()).toHaveLength(2);
    vi.mocked(confirm).mockResolvedValue(true);
    await user.click(button('Eliminar última ficha'));
    await waitFor(() => expect(fichas()).toHaveLength(1));
    expect(input('Fecha', ficha(1)).value).toBe('01/01/2020');
    expect(button('Eliminar última ficha').disabled).toBe(true);
  });

  it('saves numbers and goes to a movement for the new patient', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearPaciente', {
      'POST /api/pacientes': saved('El paciente ha sido creado exitosamente.', 31),
    });
    await fillRequired(user);
    await user.type(input('Documento'), '40.111.222');
    await user.clear(input('Esférico lejos izquierdo', ficha(1)));
    await user.type(input('Esférico lejos izquierdo', ficha(1)), '+0,5');
    await user.type(input('Adición izquierdo', ficha(1)), '2,25');
    await user.click(button('Crear Paciente'));

    await screen.findByText('movimiento del paciente 31');
    expect(alert).toHaveBeenCalledWith('success', 'PACIENTE CREADO', 'El paciente ha sido creado exitosamente.');
    const body = sent(calls, 'POST');
    expect(body).toMatchObject({
      nombreCompleto: 'Ana Gómez',
      celular: '3772 111',
      documento: '40.111.222',
      direccion: null,
      genero: 'Mujer',
      local: { id: 2 },
    });
    expect(body).not.toHaveProperty('version');
    expect(body.historialFichas).toHaveLength(1);
    const [f] = body.historialFichas;
    expect(f).not.toHaveProperty('id');
    expect(f.fecha).toBe(isoDate(new Date()));
    expect(f.adicionIzquierdo).toBe(2.25);
    expect(f.adicionDerecho).toBeNull();
    expect(f.graduaciones).toEqual([
      { ojo: 'DERECHO', tipo: 'LEJOS', esferico: 0, cilindrico: 0, eje: 0 },
      { ojo: 'IZQUIERDO', tipo: 'LEJOS', esferico: 0.5, cilindrico: 0, eje: 0 },
      { ojo: 'DERECHO', tipo: 'CERCA', esferico: 0, cilindrico: 0, eje: 0 },
      { ojo: 'IZQUIERDO', tipo: 'CERCA', esferico: 2.75, cilindrico: 0, eje: 0 },
    ]);
    expect(f.cristales).toEqual([]);
  });

  it('shows the server mensaje of a refused create under ERROR, and stays', async () => {
    const user = userEvent.setup();
    const routes: Answers = {
      'POST /api/pacientes': [400, { mensaje: 'Ya existe un paciente con el mismo documento' }],
    };
    open('/crearPaciente', routes);
    await fillRequired(user);
    await user.click(button('Crear Paciente'));
    await alerted('error', 'ERROR', 'Ya existe un paciente con el mismo documento');
    expect(screen.getByRole('heading', { name: 'Crear Paciente' })).toBeTruthy();
    routes['POST /api/pacientes'] = [400, { mensaje: 'Datos inválidos', errors: ["El campo 'celular' es largo"] }];
    await user.click(button('Registrar un movimiento'));
    await alerted('error', 'ERROR', "Datos inválidos: El campo 'celular' es largo");
  });
});

describe('edit patient form', () => {
  it('loads the patient, fichas newest first, with its lenses', async () => {
    open('/editarPaciente/7', { 'GET /api/pacientes/id/7': [200, paciente()] });
    expect((await screen.findByLabelText<HTMLInputElement>('Nombre completo')).value).toBe('José Pérez');
    expect(screen.getByRole('heading', { name: 'Editar Paciente' })).toBeTruthy();
    expect(input('Hombre').checked).toBe(true);
    expect((await screen.findByLabelText<HTMLInputElement>('Centro')).checked).toBe(true);
    expect(fichas()).toHaveLength(2);
    expect(input('Fecha', ficha(1)).value).toBe('10/03/2024');
    expect(input('Fecha', ficha(2)).value).toBe('01/02/2023');
    expect(input('Esférico lejos derecho', ficha(1)).value).toBe('-1,25');
    expect(input('Adición derecho', ficha(1)).value).toBe('+2,00');
    const lenses = within(ficha(1).getByRole('table', { name: 'Cristales' }));
    expect(lenses.getByText('Orma Blue Essilor')).toBeTruthy();
    expect(lenses.getByText('12/03/2024')).toBeTruthy();
    expect(lenses.getAllByRole('button', { name: 'Eliminar' })).toHaveLength(2);
    // A returned lens stays in the history, marked.
    expect(lenses.getByText('Policarbonato').closest('td')?.textContent).toBe('Policarbonato (devuelto)');
    expect(lenses.getByText('Orma Blue Essilor').closest('td')?.textContent).toBe('Orma Blue Essilor');
    expect(screen.getByRole('link', { name: 'Ver compras' }).getAttribute('href')).toBe(
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=7',
    );
  });

  it('sends the version, the kept ids and leaves out a removed lens and ficha', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const calls = await openEdit(saved('El paciente ha sido actualizado correctamente.'));
    const lenses = within(ficha(1).getByRole('table', { name: 'Cristales' }));
    await user.click(
      within(lenses.getByText('Orma Blue Essilor').closest('tr')!).getByRole('button', { name: 'Eliminar' }),
    );
    expect(lenses.queryByText('Orma Blue Essilor')).toBeNull();
    await user.clear(input('Médico'));
    await user.type(input('Médico'), 'Dr. Sosa');
    await user.click(button('Agregar ficha'));
    await user.type(input('Puente', ficha(1)), '19');
    await user.click(button('Editar Paciente'));

    await screen.findByText('movimiento del paciente 7');
    expect(alert).toHaveBeenCalledWith('success', 'PACIENTE EDITADO', 'El paciente ha sido actualizado correctamente.');
    const body = sent(calls, 'PUT');
    expect(body.version).toBe(4);
    expect(body.medico).toBe('Dr. Sosa');
    expect(body.historialFichas.map((f: { id?: number }) => f.id)).toEqual([undefined, 2, 1]);
    expect(body.historialFichas[0].puente).toBe(19);
    // The return's mark is the server's: it is not sent back.
    expect(body.historialFichas[1].cristales).toEqual([{ id: 6, nombre: 'Policarbonato', fecha: '2024-03-15' }]);
    expect(body.historialFichas[1].graduaciones[2]).toEqual({
      ojo: 'DERECHO',
      tipo: 'CERCA',
      esferico: 0.75,
      cilindrico: -0.5,
      eje: 90,
    });
  });

  it("'Registrar un movimiento' of a patient left as loaded goes to the movement without saving it", async () => {
    const user = userEvent.setup();
    const calls = await openEdit(saved('ok'));
    await user.click(button('Registrar un movimiento'));
    await screen.findByText('movimiento del paciente 7');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(alert).not.toHaveBeenCalled();
  });

  it("'Registrar un movimiento' saves a changed patient first", async () => {
    const user = userEvent.setup();
    const calls = await openEdit(saved('El paciente ha sido actualizado correctamente.'));
    await user.type(input('Médico'), ' (clínica)');
    await user.click(button('Registrar un movimiento'));
    await screen.findByText('movimiento del paciente 7');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('removing a ficha on edit leaves it out of the body', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const calls = await openEdit(saved('ok'));
    await user.click(button('Eliminar última ficha'));
    await waitFor(() => expect(fichas()).toHaveLength(1));
    await user.click(button('Registrar un movimiento'));
    await screen.findByText('movimiento del paciente 7');
    expect(sent(calls, 'PUT').historialFichas.map((f: { id: number }) => f.id)).toEqual([1]);
  });

  it('shows the mensaje of a stale edit (409) under ERROR and stays', async () => {
    const user = userEvent.setup();
    open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente()],
      'PUT /api/pacientes/7': [409, { mensaje: 'El paciente fue modificado por otro usuario.' }],
    });
    await screen.findByLabelText('Nombre completo');
    await user.click(button('Editar Paciente'));
    await alerted('error', 'ERROR', 'El paciente fue modificado por otro usuario.');
    expect(screen.getByRole('heading', { name: 'Editar Paciente' })).toBeTruthy();
  });

  it('says Paciente no encontrado for an unknown id', async () => {
    open('/editarPaciente/99', {
      'GET /api/pacientes/id/99': [404, { mensaje: 'El paciente ID: 99 no existe en la base de datos!' }],
    });
    await screen.findByText('Paciente no encontrado');
    expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'Paciente no encontrado');
  });
});

describe('the patient’s obra social', () => {
  const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
  const options = (label: string) =>
    within(select(label))
      .getAllByRole('option')
      .map((o) => o.textContent);
  const problems = () => [...screen.getByTestId('save-problems').querySelectorAll('li')].map((li) => li.textContent);
  const afiliacion = { obraSocialId: 1, obraSocial: 'OSDE', plan: '210', afiliado: '61234567/01' };

  it('chooses an obra social, its plan and the affiliate number, and sends them', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearPaciente', {
      'POST /api/pacientes': saved('El paciente ha sido creado exitosamente.', 31),
    });
    await fillRequired(user);
    // The shop's, as Spanish sorts them, after 'Sin obra social'; nothing else until one is chosen.
    await waitFor(() => expect(options('Obra social')).toEqual(['Sin obra social', 'IOSFA', 'OSDE', 'Swiss Medical']));
    expect(select('Obra social').value).toBe('0');
    expect(screen.queryByLabelText('Plan')).toBeNull();
    expect(screen.queryByLabelText('N° de afiliado')).toBeNull();

    await user.selectOptions(select('Obra social'), 'OSDE');
    expect(options('Plan')).toEqual(['Elegí el plan', '210', '310']);
    expect(button('Crear Paciente').disabled).toBe(true);
    expect(problems()).toEqual([
      'Elegí el plan de la obra social.',
      'Escribí el número de afiliado de la obra social.',
    ]);
    await user.selectOptions(select('Plan'), '310');
    await user.type(input('N° de afiliado'), 'x'.repeat(21));
    expect(problems()).toEqual(['El número de afiliado debe tener como máximo 20 caracteres.']);
    expect(input('N° de afiliado').className).toContain('is-invalid');
    await user.clear(input('N° de afiliado'));
    await user.type(input('N° de afiliado'), ' 61234567/01 ');
    expect(button('Crear Paciente').disabled).toBe(false);

    await user.click(button('Crear Paciente'));
    await screen.findByText('movimiento del paciente 31');
    const body = sent(calls, 'POST');
    expect(body.afiliacion).toEqual({ obraSocialId: 1, plan: '310', afiliado: '61234567/01' });
    // The server writes 'OSDE 310' into the old free text.
    expect(body.obraSocial).toBeNull();
  });

  it('an obra social with one plan has it chosen; one without plans asks for none', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearPaciente', { 'POST /api/pacientes': saved('ok', 32) });
    await fillRequired(user);
    await waitFor(() => expect(options('Obra social')).toContain('Swiss Medical'));
    await user.selectOptions(select('Obra social'), 'Swiss Medical');
    expect(select('Plan').value).toBe('SMG20');
    await user.selectOptions(select('Obra social'), 'IOSFA');
    expect(screen.queryByLabelText('Plan')).toBeNull();
    await user.type(input('N° de afiliado'), '998');
    await user.click(button('Crear Paciente'));
    await screen.findByText('movimiento del paciente 32');
    expect(sent(calls, 'POST').afiliacion).toEqual({ obraSocialId: 3, plan: '', afiliado: '998' });
  });

  it("'Sin obra social' sends null, always: a new patient, and one whose obra social is taken away", async () => {
    const user = userEvent.setup();
    const created = open('/crearPaciente', { 'POST /api/pacientes': saved('ok', 33) });
    await fillRequired(user);
    await user.click(button('Crear Paciente'));
    await screen.findByText('movimiento del paciente 33');
    const body = sent(created.calls, 'POST');
    expect(body).toHaveProperty('afiliacion', null);
    expect(body.obraSocial).toBeNull();
    created.unmount();

    const { calls } = open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente({ afiliacion, obraSocial: 'OSDE 210' })],
      'PUT /api/pacientes/7': saved('ok'),
    });
    await screen.findByLabelText('Nombre completo');
    await user.selectOptions(select('Obra social'), 'Sin obra social');
    expect(screen.queryByLabelText('Plan')).toBeNull();
    // The text the server wrote from it goes with it, not shown as an old one.
    expect(screen.queryByTestId('obra-social-anterior')).toBeNull();
    await user.click(button('Editar Paciente'));
    await screen.findByText('movimiento del paciente 7');
    const put = sent(calls, 'PUT');
    expect(put).toHaveProperty('afiliacion', null);
    expect(put.obraSocial).toBeNull();
  });

  it('a patient with one shows it on their page and in the form, and keeps it when saved', async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente({ afiliacion, obraSocial: 'OSDE 210' })],
      'PUT /api/pacientes/7': saved('ok'),
    });
    expect((await screen.findByTestId('paciente-obra-social')).textContent).toBe(
      'Obra social: OSDE · Plan 210 · N° de afiliado 61234567/01',
    );
    await waitFor(() => expect(select('Obra social').value).toBe('1'));
    expect(select('Plan').value).toBe('210');
    expect(input('N° de afiliado').value).toBe('61234567/01');
    await user.type(input('Médico'), ' (clínica)');
    await user.click(button('Editar Paciente'));
    await screen.findByText('movimiento del paciente 7');
    expect(sent(calls, 'PUT').afiliacion).toEqual({ obraSocialId: 1, plan: '210', afiliado: '61234567/01' });
  });

  it('a patient saved with only the old free text shows it read-only until an obra social is chosen', async () => {
    const user = userEvent.setup();
    const { calls } = open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente({ obraSocial: 'PAMI jubilados' })],
      'PUT /api/pacientes/7': saved('ok'),
    });
    expect((await screen.findByTestId('obra-social-anterior')).textContent).toContain(
      'Obra social (texto anterior): PAMI jubilados',
    );
    expect(screen.queryByTestId('paciente-obra-social')).toBeNull();
    expect(select('Obra social').value).toBe('0');
    // It is no input of its own: only the list chooses.
    expect(screen.queryByRole('textbox', { name: /texto anterior/ })).toBeNull();
    await user.type(input('Médico'), ' (clínica)');
    await user.click(button('Editar Paciente'));
    await screen.findByText('movimiento del paciente 7');
    const put = sent(calls, 'PUT');
    expect(put).toHaveProperty('afiliacion', null);
    // Kept as it was while no obra social is chosen.
    expect(put.obraSocial).toBe('PAMI jubilados');
  });

  it('choosing one for an old patient hides the old text', async () => {
    const user = userEvent.setup();
    open('/editarPaciente/7', { 'GET /api/pacientes/id/7': [200, paciente({ obraSocial: 'PAMI jubilados' })] });
    await screen.findByTestId('obra-social-anterior');
    await waitFor(() => expect(options('Obra social')).toContain('OSDE'));
    await user.selectOptions(select('Obra social'), 'OSDE');
    expect(screen.queryByTestId('obra-social-anterior')).toBeNull();
    await user.selectOptions(select('Obra social'), 'Sin obra social');
    expect(screen.getByTestId('obra-social-anterior')).toBeTruthy();
  });

  it("shows the server's refusal of the obra social in its words", async () => {
    const user = userEvent.setup();
    const mensaje = "El plan '410' no es de OSDE: elegí uno de 210, 310.";
    open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente({ afiliacion, obraSocial: 'OSDE 210' })],
      'PUT /api/pacientes/7': [400, { mensaje, errors: [mensaje] }],
    });
    await screen.findByLabelText('Nombre completo');
    await user.click(button('Editar Paciente'));
    await alerted('error', 'ERROR', mensaje);
    expect(screen.getByRole('heading', { name: 'Editar Paciente' })).toBeTruthy();
  });

  it('a plan the obra social no longer has stays shown, marked, and waits for another', async () => {
    open('/editarPaciente/7', {
      'GET /api/pacientes/id/7': [200, paciente({ afiliacion: { ...afiliacion, plan: '410' } })],
    });
    await screen.findByLabelText('Nombre completo');
    await waitFor(() => expect(options('Plan')).toEqual(['Elegí el plan', '210', '310', '410 (ya no es de OSDE)']));
    expect(select('Plan').value).toBe('410');
    expect(problems()).toEqual(["El plan '410' no es de OSDE: elegí uno de 210, 310."]);
  });

  it('says so when the obras sociales cannot be read, and still saves the patient without one', async () => {
    const user = userEvent.setup();
    const { calls } = open('/crearPaciente', {
      'GET /api/obrasSociales': [500, {}],
      'POST /api/pacientes': saved('ok', 34),
    });
    expect(await screen.findByText(/No se pudieron cargar las obras sociales/)).toBeTruthy();
    await fillRequired(user);
    await user.click(button('Crear Paciente'));
    await screen.findByText('movimiento del paciente 34');
    expect(sent(calls, 'POST')).toHaveProperty('afiliacion', null);
  });
});
