// The coverage's rules alone: the section as a patient or a saved sale fills it, the part as lines
// and plans change, why Guardar waits and the body.
import { describe, expect, it } from 'vitest';
import type { ObraSocial } from '../../api/insurers';
import {
  coberturaLeida,
  cristal,
  movimiento,
  obraSocial,
  obrasSociales,
  paciente,
  pacienteAfiliado,
  planObraSocial,
  producto,
  ventaCubierta,
} from '../../test/seed';
import {
  coberturaBody,
  coberturaProblems,
  elegirObraSocial,
  esCristalSegun,
  partesDeLaVenta,
  pideReceta,
  setCobertura,
  totalesConCobertura,
  type DatosCobertura,
} from './coverage';
import { addProducto, setCantidad } from './lines';
import { changeTipo, emptyMovementForm, formFromMovimiento, setPaciente, type MovementForm } from './rules';
import { movimientoBody, saveBlockers } from './saving';
import { addPago, setMonto } from './totals';

const NOW = '2025-06-01T09:15';
const categorias = [
  { id: 1, nombre: 'Sol' },
  { id: 3, nombre: 'Cristal' },
];
const datos = (list: ObraSocial[] = obrasSociales()): DatosCobertura => ({
  obrasSociales: list,
  obrasSocialesFallo: false,
  esCristal: esCristalSegun(categorias),
});

/** A new sale for the OSDE 210 patient with one lens ($ 1.000) and RB3025 ($ 360). */
function venta(p = pacienteAfiliado()): MovementForm {
  let f = emptyMovementForm(NOW, 1, p);
  f = addProducto(f, cristal()).form;
  return addProducto(f, producto()).form;
}

const pagar = (f: MovementForm, monto: string) => {
  const g = addPago(f, [{ id: 1, nombre: 'Efectivo' }], NOW);
  return setMonto(g, g.pagos[g.pagos.length - 1].key, monto);
};

const receta = { medico: 'Dr. Gómez', matricula: 'MN 1', fechaReceta: '2025-05-20' };

describe('the coverage as the form starts it', () => {
  it('is checked and prefilled for a patient with an obra social, off for one without', () => {
    expect(emptyMovementForm(NOW, 1, pacienteAfiliado()).cobertura).toEqual({
      activa: true,
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      medico: '',
      matricula: '',
      fechaReceta: '',
    });
    expect(emptyMovementForm(NOW, 1, paciente()).cobertura.activa).toBe(false);
  });

  it('starts again from another patient, and keeps what was typed for the same one', () => {
    const typed = setCobertura(venta(), { afiliado: '999' });
    expect(setPaciente(typed, pacienteAfiliado()).cobertura.afiliado).toBe('999');
    expect(setPaciente(typed, paciente({ id: 8 })).cobertura.activa).toBe(false);
    expect(setPaciente(typed, null).cobertura.activa).toBe(false);
    // A SALIDA drops the patient, and with them the coverage.
    expect(changeTipo(typed, 'SALIDA').cobertura.activa).toBe(false);
  });

  it('loads a saved sale’s coverage, and leaves one saved without it unchecked but ready', () => {
    expect(formFromMovimiento(ventaCubierta()).cobertura).toEqual({
      activa: true,
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      medico: 'Dra. Ruiz',
      matricula: 'MP 1234',
      fechaReceta: '2025-04-20',
    });
    const sinCobertura = formFromMovimiento(movimiento({ paciente: pacienteAfiliado() })).cobertura;
    expect(sinCobertura).toMatchObject({ activa: false, obraSocialId: 1, plan: '210' });
  });

  it('another obra social takes the patient’s plan when it is theirs, else its only plan', () => {
    const f = venta();
    expect(elegirObraSocial(f, 2, datos()).cobertura).toMatchObject({ obraSocialId: 2, plan: 'SMG20' });
    expect(elegirObraSocial(f, 3, datos()).cobertura).toMatchObject({ obraSocialId: 3, plan: '' });
    const back = elegirObraSocial(elegirObraSocial(f, 3, datos()), 1, datos());
    expect(back.cobertura).toMatchObject({ obraSocialId: 1, plan: '210', afiliado: '61234567/01' });
  });
});

describe('the obra social’s part', () => {
  it('covers the lens lines and the others apart, not the additional lines, and leaves the rest to the patient', () => {
    const f = setCobertura(venta(), { plan: '310' });
    // 12,5 % of 1.000; the frame's 360 whole, below its cap
    expect(partesDeLaVenta(f, datos())).toEqual({ cristales: 12500, armazones: 36000, monto: 48500 });
    expect(totalesConCobertura(f, datos())).toMatchObject({
      totalCents: 136000,
      obraSocialCents: 48500,
      pacienteCents: 87500,
      deudaCents: 87500,
    });
    expect(totalesConCobertura(pagar(f, '875'), datos())).toMatchObject({ completo: true, deudaCents: 0 });
    expect(totalesConCobertura(pagar(f, '900'), datos())).toMatchObject({ excede: true, vueltoCents: 2500 });
  });

  it('follows the admin’s lens setting over the category’s name', () => {
    const esCristal = esCristalSegun([
      { id: 1, nombre: 'Sol', cristales: true },
      { id: 3, nombre: 'Cristal', cristales: false },
    ]);
    expect(esCristal(producto())).toBe(true);
    expect(esCristal(cristal())).toBe(false);
    // A category the list no longer has is judged by its name.
    expect(esCristalSegun([])(cristal())).toBe(true);
  });

  it('is not known while the plans or the categories are being read, unless there are no product lines', () => {
    const f = venta();
    expect(partesDeLaVenta(f, { ...datos(), obrasSociales: undefined })).toBeNull();
    expect(partesDeLaVenta(f, { ...datos(), esCristal: null })).toBeNull();
    const sinLineas = emptyMovementForm(NOW, 1, pacienteAfiliado());
    expect(partesDeLaVenta(sinLineas, { ...datos(), esCristal: null })).toEqual({
      cristales: 0,
      armazones: 0,
      monto: 0,
    });
  });

  it('a sale edited on its plan keeps the parts it was saved with until its lines change', () => {
    // OSDE's 210 pays 50 % today; the sale was recorded at 40 %.
    const hoy = [obraSocial({ planes: [planObraSocial({ cristales: { porcentaje: 50, tope: null } })] })];
    const f = formFromMovimiento(ventaCubierta());
    expect(partesDeLaVenta(f, datos(hoy))).toEqual({ cristales: 72000, armazones: 0, monto: 72000 });
    const uno = setCantidad(f, f.lineas[0].key, '1').form;
    // one lens at 1.000 less 10 %: 900 × 40 %, the terms it was recorded with, as the server
    // computes; today's 50 % is for new sales
    expect(partesDeLaVenta(uno, datos(hoy))!.monto).toBe(36000);
  });

  it('what the obra social rejected and the patient was billed, the patient pays', () => {
    // OSDE's 720 less the 200 it rejected: the patient pays 1.856, of which 1.000 paid.
    const f = formFromMovimiento(
      ventaCubierta({ cobertura: coberturaLeida({ liquidacionId: 9, facturadoAlPaciente: 200 }) }),
    );
    const t = totalesConCobertura(f, datos());
    expect([t.obraSocialCents, t.pacienteCents, t.deudaCents]).toEqual([52000, 185600, 85600]);
  });

  it('a sale presented to its obra social keeps what was presented', () => {
    const f = formFromMovimiento(ventaCubierta({ cobertura: coberturaLeida({ liquidacionId: 9 }) }));
    const presentada =
      'La venta fue presentada a la obra social en la liquidación N.º 9: su cobertura y lo que cubre no pueden cambiar.';
    expect(coberturaProblems(f, datos())).toEqual([]);
    const uno = setCantidad(f, f.lineas[0].key, '1').form;
    expect(coberturaProblems(uno, datos())[0]).toBe(presentada);
    const sin = setCobertura(f, { activa: false });
    expect(saveBlockers(sin, datos())).toContain(presentada);
    const otroAfiliado = setCobertura(f, { afiliado: '999' });
    expect(coberturaProblems(otroAfiliado, datos())).toEqual([presentada]);
  });
});

describe('why Guardar waits for the coverage', () => {
  it('asks for the obra social, a plan it has, the affiliate number and the prescription the plan asks for', () => {
    const f = pagar(venta(), '100');
    const d = datos();
    expect(coberturaProblems(setCobertura(f, { obraSocialId: 0 }), d)).toContain('Elegí la obra social de la venta.');
    expect(coberturaProblems(elegirObraSocial(f, 3, d), d)).toContain(
      'IOSFA no tiene planes: elegí otra obra social o quitá la cobertura.',
    );
    expect(coberturaProblems(setCobertura(f, { plan: '' }), d)).toContain('Elegí el plan de la obra social.');
    expect(coberturaProblems(setCobertura(f, { plan: 'Oro' }), d)).toContain("El plan 'Oro' no es de OSDE.");
    expect(coberturaProblems(setCobertura(f, { afiliado: ' ' }), d)).toContain(
      'Escribí el número de afiliado de la obra social.',
    );
    expect(coberturaProblems(f, d)).toEqual([
      'El plan 210 requiere la receta: escribí el médico, su matrícula y la fecha de la receta.',
    ]);
    expect(coberturaProblems(setCobertura(f, receta), d)).toEqual([]);
    expect(coberturaProblems(setCobertura(f, { ...receta, fechaReceta: '20/05' }), d)).toContain(
      'Fecha de la receta: escribila como dd/mm/aaaa.',
    );
    expect(coberturaProblems(f, { ...d, obrasSociales: undefined })).toContain(
      'Leyendo las obras sociales y sus planes…',
    );
    expect(coberturaProblems(f, { ...d, obrasSociales: undefined, obrasSocialesFallo: true })).toContain(
      'No se pudieron leer las obras sociales: sin sus planes no se calcula lo que cubren.',
    );
    // Unchecked, nothing of it is asked.
    expect(coberturaProblems(setCobertura(f, { activa: false, obraSocialId: 0 }), d)).toEqual([]);
  });

  it('a sale kept on its saved plan is not asked for the prescription again, as the server does not', () => {
    const f = setCobertura(formFromMovimiento(ventaCubierta()), { medico: '', matricula: '', fechaReceta: '' });
    expect(coberturaProblems(f, datos())).toEqual([]);
    expect(pideReceta(f, datos())).toBe(false);
    expect(pideReceta(setCobertura(f, { plan: '310' }), datos())).toBe(false);
    expect(pideReceta(setCobertura(venta(), { plan: '210' }), datos())).toBe(true);
  });

  it('lists them with the form’s other problems, and the payments against the patient’s part', () => {
    const f = pagar(setCobertura(venta(), receta), '1000');
    // 1.360 less the obra social's 400 (40 % of the lens): the patient pays 960
    expect(saveBlockers(f, datos())).toEqual([
      'Los pagos no pueden superar lo que paga el paciente ($ 960,00): el resto lo cubre la obra social. Registrá el pago por esa parte y entregá el vuelto de $ 40,00.',
    ]);
  });
});

describe('the body’s coverage', () => {
  it('sends the coverage with its part, null when unchecked, and null for a SALIDA', () => {
    const f = pagar(setCobertura(venta(), receta), '960');
    expect(movimientoBody(f, datos()).cobertura).toEqual({
      obraSocialId: 1,
      plan: '210',
      afiliado: '61234567/01',
      medico: 'Dr. Gómez',
      matricula: 'MN 1',
      fechaReceta: '2025-05-20',
      monto: 400,
    });
    expect(movimientoBody(setCobertura(f, { activa: false }), datos()).cobertura).toBeNull();
    expect(coberturaBody(changeTipo(f, 'SALIDA'), datos())).toBeNull();
  });
});
