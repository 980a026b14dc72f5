import { describe, expect, it } from 'vitest';
import { ficha, trabajo } from '../test/seed';
import type { Aviso } from '../api/jobs';
import {
  cambioBody,
  cambioProblems,
  correoRepetido,
  enCamino,
  filasReceta,
  medidasReceta,
  modificacionBody,
  ordenBody,
  ordenDe,
  ordenProblems,
  ordenVacia,
  pideMotivo,
  prescripcionText,
  puedeAvisar,
  recordatoriosFiltro,
  tiempoText,
  whatsappUrl,
} from './rules';

describe('time in a state', () => {
  it('says minutes, hours and days as the counter does', () => {
    expect(tiempoText(0)).toBe('0 min');
    expect(tiempoText(59 * 60 + 59)).toBe('59 min');
    expect(tiempoText(3600)).toBe('1 h');
    expect(tiempoText(5 * 3600 + 1800)).toBe('5 h');
    expect(tiempoText(86400)).toBe('1 día');
    expect(tiempoText(3 * 86400 + 7200)).toBe('3 días');
    expect(tiempoText(-5)).toBe('0 min');
  });
});

describe('the order', () => {
  it('asks for the lab and a promised day, dd/mm/aaaa', () => {
    expect(ordenProblems(ordenVacia())).toEqual(['Elegí el laboratorio.', 'Escribí la fecha prometida.']);
    expect(ordenProblems({ ...ordenVacia(), laboratorioId: 3, prometido: '31/02/2026' })).toEqual([
      'Fecha prometida: 31/02/2026 no existe: febrero de 2026 tiene 28 días.',
    ]);
    expect(ordenProblems({ ...ordenVacia(), laboratorioId: 3, prometido: '2026-12-01' })).toEqual([]);
  });

  it('keeps the server’s limits for the tray and the notes', () => {
    const o = { laboratorioId: 3, prometido: '2026-12-01', bandeja: 'x'.repeat(41), notas: 'ñ'.repeat(501) };
    expect(ordenProblems(o)).toEqual([
      'La bandeja debe tener como máximo 40 caracteres.',
      'Las notas para el laboratorio deben tener como máximo 500 caracteres.',
    ]);
    expect(ordenProblems({ ...o, bandeja: 'x'.repeat(40), notas: 'ñ'.repeat(500) })).toEqual([]);
  });

  it('sends the day read and only what was written; an amendment clears blanks', () => {
    const o = { laboratorioId: 3, prometido: '05/12/2026', bandeja: '  ', notas: ' Antirreflejo ' };
    expect(ordenBody(o)).toEqual({ laboratorioId: 3, prometido: '2026-12-05', notas: 'Antirreflejo' });
    expect(modificacionBody(o)).toEqual({
      laboratorioId: 3,
      prometido: '2026-12-05',
      bandeja: '',
      notas: 'Antirreflejo',
    });
  });

  it('opens a job’s form with what the lab was told', () => {
    expect(ordenDe(trabajo())).toEqual({
      laboratorioId: 3,
      prometido: '2026-11-30',
      bandeja: 'B-12',
      notas: '',
    });
  });
});

describe('the state change', () => {
  it('asks for a new state, different from the current one', () => {
    expect(cambioProblems('PEDIDO_CRISTALES', { estado: '', motivo: '' })).toEqual(['Elegí el nuevo estado.']);
    expect(cambioProblems('PEDIDO_CRISTALES', { estado: 'PEDIDO_CRISTALES', motivo: '' })).toEqual([
      'El trabajo ya está en ese estado.',
    ]);
    expect(cambioProblems('PEDIDO_CRISTALES', { estado: 'CONTROL_CALIDAD', motivo: '' })).toEqual([]);
  });

  it('sending it back to the lab needs the reason, in the server’s words', () => {
    expect(pideMotivo('REHACER')).toBe(true);
    expect(pideMotivo('CONTROL_CALIDAD')).toBe(false);
    expect(cambioProblems('CONTROL_CALIDAD', { estado: 'REHACER', motivo: '  ' })).toEqual([
      'Para rehacer un trabajo indicá el motivo.',
    ]);
    expect(cambioProblems('CONTROL_CALIDAD', { estado: 'REHACER', motivo: 'Rayado' })).toEqual([]);
    expect(cambioProblems('CONTROL_CALIDAD', { estado: 'REHACER', motivo: 'x'.repeat(256) })).toEqual([
      'El motivo debe tener como máximo 255 caracteres.',
    ]);
  });

  it('the move carries the job’s version as loaded, the reason trimmed and a blank one left out', () => {
    expect(cambioBody({ estado: 'REHACER', motivo: ' Rayado ' }, 4)).toEqual({
      estado: 'REHACER',
      motivo: 'Rayado',
      version: 4,
    });
    expect(cambioBody({ estado: 'ENTREGADO', motivo: ' ' }, 7)).toEqual({ estado: 'ENTREGADO', version: 7 });
    // 0 is a version too: sent, never dropped as falsy.
    expect(cambioBody({ estado: 'CRISTALES_RECIBIDOS', motivo: '' }, 0)).toEqual({
      estado: 'CRISTALES_RECIBIDOS',
      version: 0,
    });
  });

  it('a delivered job only goes back to the lab', () => {
    expect(cambioProblems('ENTREGADO', { estado: 'ANTEOJO_TERMINADO', motivo: '' })).toEqual([
      'El trabajo ya fue entregado: solo puede volver al laboratorio para rehacerse.',
    ]);
    expect(cambioProblems('ENTREGADO', { estado: 'REHACER', motivo: 'Se despegó' })).toEqual([]);
  });
});

describe('notices', () => {
  it('the customer is told only once the glasses are ready', () => {
    expect(puedeAvisar('ANTEOJO_TERMINADO')).toBe(true);
    for (const estado of ['PEDIDO_CRISTALES', 'REHACER', 'CONTROL_CALIDAD', 'ENTREGADO']) {
      expect(puedeAvisar(estado)).toBe(false);
    }
  });

  it('opens only the server’s wa.me links', () => {
    expect(whatsappUrl('https://wa.me/5493794123456?text=hola')).toBe('https://wa.me/5493794123456?text=hola');
    expect(whatsappUrl('javascript:alert(1)')).toBeNull();
    expect(whatsappUrl(null)).toBeNull();
  });

  it('a second mail is asked first while one was sent or is on its way; a failed one or a WhatsApp does not count', () => {
    const [whatsapp] = trabajo().avisos;
    const correo: Aviso = { ...whatsapp, canal: 'EMAIL', destinatario: 'jose@cliente.test' };
    expect(correoRepetido([])).toBe(false);
    expect(correoRepetido([whatsapp])).toBe(false);
    expect(correoRepetido([{ ...whatsapp, estado: 'ENVIADO' }])).toBe(false);
    for (const estado of ['ENVIADO', 'PENDIENTE', 'REINTENTANDO'] as const) {
      expect(correoRepetido([whatsapp, { ...correo, estado }])).toBe(true);
    }
    expect(correoRepetido([{ ...correo, estado: 'FALLIDO' }])).toBe(false);
    expect(
      correoRepetido([
        { ...correo, estado: 'FALLIDO' },
        { ...correo, estado: 'PENDIENTE' },
      ]),
    ).toBe(true);
  });

  it('a notice pending or retrying is on its way', () => {
    const aviso = trabajo().avisos[0];
    expect(enCamino(trabajo())).toBe(false);
    expect(enCamino(trabajo({ avisos: [{ ...aviso, estado: 'PENDIENTE' }] }))).toBe(true);
    expect(enCamino(trabajo({ avisos: [{ ...aviso, estado: 'REINTENTANDO' }] }))).toBe(true);
    expect(enCamino(trabajo({ avisos: [{ ...aviso, estado: 'FALLIDO' }] }))).toBe(false);
    expect(enCamino(undefined)).toBe(false);
  });
});

describe('the frozen prescription', () => {
  it('writes diopters signed with two decimals, the axis and millimetres plain', () => {
    expect(prescripcionText(2, true)).toBe('+2,00');
    expect(prescripcionText(-1.25, true)).toBe('-1,25');
    expect(prescripcionText(0, true)).toBe('0,00');
    expect(prescripcionText(90, false)).toBe('90');
    expect(prescripcionText(31.5, false)).toBe('31,5');
    expect(prescripcionText(null, true)).toBe('—');
  });

  it('reads far then near, right then left, and the measures written', () => {
    const receta = ficha();
    expect(filasReceta(receta)).toEqual([
      { vision: 'Lejos', ojo: 'OD', esferico: '-1,25', cilindrico: '-0,50', eje: '90' },
      { vision: 'Lejos', ojo: 'OI', esferico: '-1,00', cilindrico: '0,00', eje: '0' },
      { vision: 'Cerca', ojo: 'OD', esferico: '+0,75', cilindrico: '-0,50', eje: '90' },
      { vision: 'Cerca', ojo: 'OI', esferico: '0,00', cilindrico: '0,00', eje: '0' },
    ]);
    expect(medidasReceta(receta)).toEqual([
      { nombre: 'Adición OD', valor: '+2,00' },
      { nombre: 'DNP OD', valor: '31,5' },
      { nombre: 'DNP OI', valor: '31' },
      { nombre: 'Puente', valor: '18' },
    ]);
    expect(filasReceta({ ...receta, graduaciones: [] })[0]).toEqual({
      vision: 'Lejos',
      ojo: 'OD',
      esferico: '—',
      cilindrico: '—',
      eje: '—',
    });
  });
});

describe('reminders', () => {
  it('reads months 1 to 120 and days 0 to 365', () => {
    expect(recordatoriosFiltro('12', '7')).toEqual({ meses: 12, dias: 7, problems: [] });
    expect(recordatoriosFiltro('120', '0')).toEqual({ meses: 120, dias: 0, problems: [] });
    expect(recordatoriosFiltro('0', '366')).toEqual({
      meses: 12,
      dias: 7,
      problems: [
        'Los meses deben ser un número entero entre 1 y 120.',
        'Los días deben ser un número entero entre 0 y 365.',
      ],
    });
    expect(recordatoriosFiltro('', '1,5').problems).toHaveLength(2);
  });
});
