import { describe, expect, it } from 'vitest';
import { obrasSociales, paciente } from '../test/seed';
import {
  canRemoveFicha,
  newFicha,
  removeCristal,
  removeLatestFicha,
  setFichaNumber,
  setGraduacion,
  sortFichas,
  type FichaForm,
} from './ficha';
import {
  formatPlain,
  formatSigned,
  nearSphere,
  normalisePlain,
  normaliseSigned,
  parsePrescription,
  roundTo2,
} from './prescription';
import {
  addFicha,
  afiliacionProblems,
  afiliacionTexto,
  canSubmitPaciente,
  comprasPath,
  elegirObraSocial,
  emptyPacienteForm,
  formFromPaciente,
  obrasSocialesOrdenadas,
  pacienteBody,
  pacienteProblems,
  saveErrorText,
} from './rules';

const grad = (f: FichaForm, i: number) => f.graduaciones[i];
// indexes: 0 LEJOS DERECHO, 1 LEJOS IZQUIERDO, 2 CERCA DERECHO, 3 CERCA IZQUIERDO

describe('near-vision sphere', () => {
  it('is the far sphere plus the addition, to two decimals', () => {
    expect(nearSphere(-1.25, 2)).toBe(0.75);
    expect(nearSphere(1.5, 2.25)).toBe(3.75);
    expect(nearSphere(-3, 1)).toBe(-2);
  });

  it('has no float drift', () => {
    expect(-1.1 + 0.2).not.toBe(-0.9);
    expect(nearSphere(-1.1, 0.2)).toBe(-0.9);
    expect(nearSphere(0.1, 0.2)).toBe(0.3);
    expect(nearSphere(1.005, 1)).toBe(2.01);
  });

  it('is 0 with a zero or empty addition', () => {
    expect(nearSphere(-1.25, 0)).toBe(0);
    expect(nearSphere(-1.25, null)).toBe(0);
  });

  it('counts an empty far sphere as plano', () => {
    expect(nearSphere(null, 2)).toBe(2);
  });

  it('rounds half away from zero and never gives -0', () => {
    expect(roundTo2(0.125)).toBe(0.13);
    expect(roundTo2(-0.125)).toBe(-0.13);
    expect(Object.is(roundTo2(-0.001), 0)).toBe(true);
  });

  it('is recalculated per eye when the far sphere or the addition changes', () => {
    let f = newFicha('2024-05-01', 1);
    f = setGraduacion(f, 'DERECHO', 'LEJOS', 'esferico', '-1,25');
    expect(grad(f, 2).esferico).toBe('0,00');
    f = setFichaNumber(f, 'adicionDerecho', '+2');
    expect(grad(f, 2).esferico).toBe('+0,75');
    expect(grad(f, 3).esferico).toBe('0,00');
    f = setGraduacion(f, 'DERECHO', 'LEJOS', 'esferico', '-3');
    expect(grad(f, 2).esferico).toBe('-1,00');
    f = setFichaNumber(f, 'adicionIzquierdo', '1.5');
    expect(grad(f, 3).esferico).toBe('+1,50');
    expect(grad(f, 2).esferico).toBe('-1,00');
    f = setFichaNumber(f, 'adicionDerecho', '0');
    expect(grad(f, 2).esferico).toBe('0,00');
    // other fields do not touch it
    f = setGraduacion(f, 'DERECHO', 'CERCA', 'esferico', '+9,00');
    f = setGraduacion(f, 'DERECHO', 'LEJOS', 'cilindrico', '-1');
    f = setFichaNumber(f, 'puente', '18');
    expect(grad(f, 2).esferico).toBe('+9,00');
  });
});

describe('prescription numbers', () => {
  it('drop a leading plus and accept a comma', () => {
    expect(parsePrescription('+1,25')).toBe(1.25);
  });

  // Chosen format: es-AR, two decimals after a comma, so "-0,5" is "-0,50".
  it.each([
    ['+1,25', '+1,25'],
    ['1.25', '+1,25'],
    ['1.250', '+1,25'],
    [' 2 ', '+2,00'],
    ['-0,5', '-0,50'],
    ['0', '0,00'],
    ['-0', '0,00'],
  ])('show %j with a plus when positive, two decimals after a comma', (text, shown) => {
    expect(normaliseSigned(text)).toBe(shown);
  });

  it('keep text that is not a number as typed (marked by the input), and blank as blank', () => {
    for (const text of ['abc', '+', '-', '1.2.3', '1,2,3', '12abc', '++1', '1e3', '-1,125']) {
      expect(parsePrescription(text)).toBeNull();
      expect(normaliseSigned(text)).toBe(text);
      expect(normalisePlain(text)).toBe(text);
    }
    for (const text of ['', '  ']) {
      expect(parsePrescription(text)).toBeNull();
      expect(normaliseSigned(text)).toBe('');
    }
  });

  it('normalise the axis and the measures as plain numbers', () => {
    expect(normalisePlain('090')).toBe('90');
    expect(normalisePlain('+90')).toBe('90');
    expect(normalisePlain('31,5')).toBe('31,5');
    expect(formatPlain(0)).toBe('0');
    expect(formatPlain(null)).toBe('');
    expect(formatSigned(null)).toBe('');
  });
});

describe('fichas', () => {
  const today = '2024-05-01';

  it('a new patient starts with one ficha dated today with four zero prescriptions', () => {
    const f = emptyPacienteForm(today, 2);
    expect(f.localId).toBe(2);
    expect(f.fichas).toHaveLength(1);
    expect(f.fichas[0].fecha).toBe(today);
    expect(f.fichas[0].graduaciones.map((g) => [g.ojo, g.tipo, g.esferico, g.cilindrico, g.eje])).toEqual([
      ['DERECHO', 'LEJOS', '0,00', '0,00', '0'],
      ['IZQUIERDO', 'LEJOS', '0,00', '0,00', '0'],
      ['DERECHO', 'CERCA', '0,00', '0,00', '0'],
      ['IZQUIERDO', 'CERCA', '0,00', '0,00', '0'],
    ]);
  });

  it('loads newest first and adds new ones first', () => {
    const form = formFromPaciente(
      paciente({
        historialFichas: [
          { ...paciente().historialFichas[1], id: 1, fecha: '2023-02-01' },
          { ...paciente().historialFichas[0], id: 3, fecha: '2024-03-10' },
          { ...paciente().historialFichas[0], id: 2, fecha: '2024-03-10' },
        ],
      }),
    );
    expect(form.fichas.map((f) => f.id)).toEqual([3, 2, 1]);
    const added = addFicha(form, '2024-03-10');
    expect(added.fichas.map((f) => f.id)).toEqual([undefined, 3, 2, 1]);
    const twice = addFicha(added, '2024-03-10');
    expect(twice.fichas[0].key).not.toBe(twice.fichas[1].key);
    expect(twice.fichas.map((f) => f.id)).toEqual([undefined, undefined, 3, 2, 1]);
  });

  it('shows loaded numbers normalised', () => {
    const [latest] = formFromPaciente(paciente()).fichas;
    expect(latest.graduaciones[0]).toMatchObject({ esferico: '-1,25', cilindrico: '-0,50', eje: '90' });
    expect(latest.graduaciones[2].esferico).toBe('+0,75');
    expect(latest.adicionDerecho).toBe('+2,00');
    expect(latest.adicionIzquierdo).toBe('');
    expect(latest.dnpDerecho).toBe('31,5');
  });

  it('removes the one with the latest date, never the last one left', () => {
    const form = formFromPaciente(paciente());
    const older = form.fichas[1];
    // the latest date wins even when it is not listed first
    const shuffled = [older, { ...form.fichas[0] }];
    expect(removeLatestFicha(shuffled)).toEqual([older]);
    expect(canRemoveFicha([older])).toBe(false);
    expect(removeLatestFicha([older])).toEqual([older]);
    expect(canRemoveFicha([])).toBe(false);
  });

  it('sorts an empty date last', () => {
    const a = { ...newFicha('', 1) };
    const b = newFicha('2020-01-01', 2);
    expect(sortFichas([a, b])).toEqual([b, a]);
  });
});

describe('validity and body', () => {
  const filled = () => ({
    ...emptyPacienteForm('2024-05-01', 1),
    nombreCompleto: ' Ana Gómez ',
    celular: '3772 111',
    genero: 'Mujer',
  });

  it('needs nombreCompleto, celular, a branch, a gender and dated fichas', () => {
    expect(canSubmitPaciente(filled())).toBe(true);
    expect(canSubmitPaciente({ ...filled(), nombreCompleto: '  ' })).toBe(false);
    expect(canSubmitPaciente({ ...filled(), celular: '' })).toBe(false);
    expect(canSubmitPaciente({ ...filled(), localId: null })).toBe(false);
    expect(canSubmitPaciente({ ...filled(), genero: '' })).toBe(false);
    const f = filled();
    expect(canSubmitPaciente({ ...f, fichas: [{ ...f.fichas[0], fecha: '' }] })).toBe(false);
  });

  it('sends numbers, nulls for blanks, and ids only for what came from the server', () => {
    let f = filled();
    f = {
      ...f,
      fichas: [
        setFichaNumber(setGraduacion(f.fichas[0], 'DERECHO', 'LEJOS', 'esferico', '-1,1'), 'adicionDerecho', '0,2'),
      ],
    };
    f = { ...f, fichas: [setFichaNumber(f.fichas[0], 'dnpDerecho', '31,5')] };
    const body = pacienteBody(f);
    expect(body).toMatchObject({
      nombreCompleto: 'Ana Gómez',
      celular: '3772 111',
      direccion: null,
      documento: null,
      genero: 'Mujer',
      local: { id: 1 },
    });
    expect(body).not.toHaveProperty('version');
    const [ficha] = body.historialFichas;
    expect(ficha).not.toHaveProperty('id');
    expect(ficha.fecha).toBe('2024-05-01');
    expect(ficha.adicionDerecho).toBe(0.2);
    expect(ficha.adicionIzquierdo).toBeNull();
    expect(ficha.dnpDerecho).toBe(31.5);
    expect(ficha.graduaciones).toEqual([
      { ojo: 'DERECHO', tipo: 'LEJOS', esferico: -1.1, cilindrico: 0, eje: 0 },
      { ojo: 'IZQUIERDO', tipo: 'LEJOS', esferico: 0, cilindrico: 0, eje: 0 },
      { ojo: 'DERECHO', tipo: 'CERCA', esferico: -0.9, cilindrico: 0, eje: 0 },
      { ojo: 'IZQUIERDO', tipo: 'CERCA', esferico: 0, cilindrico: 0, eje: 0 },
    ]);
  });

  it('an edit sends the version, the fichas ids, and leaves a removed crystal out', () => {
    const form = formFromPaciente(paciente());
    const fichas = [removeCristal(form.fichas[0], 0), form.fichas[1]];
    const body = pacienteBody({ ...form, fichas }, 4);
    expect(body.version).toBe(4);
    expect(body.historialFichas.map((f) => f.id)).toEqual([2, 1]);
    expect(body.historialFichas[0].cristales).toEqual([{ id: 6, nombre: 'Policarbonato', fecha: '2024-03-15' }]);
  });
});

describe('the obra social', () => {
  const filled = () => ({
    ...emptyPacienteForm('2024-05-01', 1),
    nombreCompleto: 'Ana',
    celular: '11',
    genero: 'Mujer',
  });
  const list = obrasSociales();
  const afiliacion = { obraSocialId: 1, obraSocial: 'OSDE', plan: '210', afiliado: '61234567/01' };

  it('opens as the patient has it; the old free text only when none was chosen', () => {
    expect(formFromPaciente(paciente({ afiliacion, obraSocial: 'OSDE 210' }))).toMatchObject({
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      textoAnterior: '',
    });
    expect(formFromPaciente(paciente({ obraSocial: ' PAMI ' }))).toMatchObject({
      obraSocialId: 0,
      plan: '',
      afiliado: '',
      textoAnterior: 'PAMI',
    });
    expect(afiliacionTexto(afiliacion)).toBe('Obra social: OSDE · Plan 210 · N° de afiliado 61234567/01');
    expect(afiliacionTexto({ ...afiliacion, obraSocialId: 3, obraSocial: 'IOSFA', plan: '' })).toBe(
      'Obra social: IOSFA · N° de afiliado 61234567/01',
    );
  });

  it('choosing one picks its only plan; none forgets plan and number', () => {
    const swiss = elegirObraSocial({ ...filled(), afiliado: '12' }, 2, list);
    expect(swiss).toMatchObject({ obraSocialId: 2, plan: 'SMG20', afiliado: '12' });
    expect(elegirObraSocial(swiss, 1, list)).toMatchObject({ obraSocialId: 1, plan: '', afiliado: '12' });
    expect(elegirObraSocial(swiss, 0, list)).toMatchObject({ obraSocialId: 0, plan: '', afiliado: '' });
  });

  it('needs a plan of its own and an affiliate number of up to 20 characters, in the server’s words', () => {
    const osde = { ...filled(), obraSocialId: 1 };
    expect(afiliacionProblems(osde, list)).toEqual([
      'Elegí el plan de la obra social.',
      'Escribí el número de afiliado de la obra social.',
    ]);
    expect(afiliacionProblems({ ...osde, plan: ' 310 ', afiliado: '😎'.repeat(20) }, list)).toEqual([]);
    expect(afiliacionProblems({ ...osde, plan: '410', afiliado: '1'.repeat(21) }, list)).toEqual([
      "El plan '410' no es de OSDE: elegí uno de 210, 310.",
      'El número de afiliado debe tener como máximo 20 caracteres.',
    ]);
    // Until the list arrives the plan is not judged; one without plans asks for none.
    expect(afiliacionProblems({ ...osde, afiliado: '1' })).toEqual([]);
    expect(afiliacionProblems({ ...filled(), obraSocialId: 3, afiliado: '1' }, list)).toEqual([]);
    expect(pacienteProblems({ ...osde, nombreCompleto: '' }, list)).toEqual([
      'El nombre completo es obligatorio.',
      'Elegí el plan de la obra social.',
      'Escribí el número de afiliado de la obra social.',
    ]);
  });

  it('always sends it: the one chosen, or null; the old text only while none is chosen', () => {
    const old = { ...filled(), textoAnterior: 'PAMI' };
    expect(pacienteBody(old)).toMatchObject({ afiliacion: null, obraSocial: 'PAMI' });
    const chosen = { ...old, obraSocialId: 1, plan: '210', afiliado: ' 77 ' };
    expect(pacienteBody(chosen)).toMatchObject({
      afiliacion: { obraSocialId: 1, plan: '210', afiliado: '77' },
      obraSocial: null,
    });
    expect(pacienteBody(filled())).toMatchObject({ afiliacion: null, obraSocial: null });
  });

  it('sorts the obras sociales as Spanish does', () => {
    expect(obrasSocialesOrdenadas([...list, { ...list[0], id: 9, nombre: 'Ñandú' }]).map((o) => o.nombre)).toEqual([
      'IOSFA',
      'Ñandú',
      'OSDE',
      'Swiss Medical',
    ]);
  });
});

describe('small helpers', () => {
  it('reads a refused save', () => {
    expect(saveErrorText({ status: 400, data: { mensaje: 'Ya existe' } }, 'x')).toBe('Ya existe');
    expect(saveErrorText({ status: 400, data: { mensaje: 'Datos', errors: ['a', 'b'] } }, 'x')).toBe('Datos: a, b');
    expect(saveErrorText({ status: 400, data: { errors: ['a'] } }, 'x')).toBe('a');
    expect(saveErrorText({ status: 'FETCH_ERROR' }, 'x')).toBe('x');
    // The patient's refusals carry their reasons in both: said once.
    const plan = "El plan '410' no es de OSDE: elegí uno de 210, 310.";
    expect(saveErrorText({ status: 400, data: { mensaje: plan, errors: [plan] } }, 'x')).toBe(plan);
    expect(saveErrorText({ status: 400, data: { mensaje: 'A. B', errors: ['A', 'B'] } }, 'x')).toBe('A. B');
  });

  it('links purchases by the encoded full name', () => {
    expect(comprasPath('José Pérez', 12)).toBe('/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=12');
  });
});
