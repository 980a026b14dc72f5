import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useObrasSocialesQuery, type Afiliacion, type ObraSocial } from '../api/insurers';
import { SelectField, TextField, type Option } from '../ui/fields';
import { MAX_AFILIADO, MESSAGES, PROBLEMS } from './messages';
import { elegirObraSocial, obrasSocialesOrdenadas, planDe, type PacienteForm } from './rules';

interface Props {
  form: PacienteForm;
  onChange: (next: PacienteForm) => void;
  /** The patient's obra social as it was read, named even before the list arrives. */
  leida?: Afiliacion | null;
  /** The shop's obras sociales, once read. */
  obrasSociales: readonly ObraSocial[] | undefined;
  /** They could not be read. */
  failed: boolean;
}

/** The obras sociales the patient may be given: the shop's, as Spanish sorts them; the patient's
 * own too while the list is on its way (so the select shows it from the start). */
function obraSocialOptions(
  obrasSociales: readonly ObraSocial[] | undefined,
  form: PacienteForm,
  leida?: Afiliacion | null,
) {
  const options: Option<number>[] = [
    { value: 0, label: 'Sin obra social' },
    ...obrasSocialesOrdenadas(obrasSociales ?? []).map((o) => ({ value: o.id, label: o.nombre })),
  ];
  if (form.obraSocialId > 0 && !options.some((o) => o.value === form.obraSocialId)) {
    const nombre = leida?.obraSocialId === form.obraSocialId && leida.obraSocial ? leida.obraSocial : null;
    options.push({ value: form.obraSocialId, label: nombre ?? `Obra social ${form.obraSocialId}` });
  }
  return options;
}

/** Its plans in the order the admin keeps them; a plan it no longer has (renamed since) stays
 * listed, marked, so the form shows what the patient has until another is chosen. */
function planOptions(obraSocial: ObraSocial | undefined, plan: string) {
  const options: Option<string>[] = [
    { value: '', label: 'Elegí el plan' },
    ...(obraSocial?.planes ?? []).map((p) => ({ value: p.nombre, label: p.nombre })),
  ];
  if (plan !== '' && !(obraSocial && planDe(obraSocial, plan))) {
    options.push({ value: plan, label: obraSocial ? `${plan} (ya no es de ${obraSocial.nombre})` : plan });
  }
  return options;
}

/**
 * The patient's obra social: 'Obra social' (the shop's, or 'Sin obra social'), then once one is
 * chosen its 'Plan' (when it has plans) and the 'N° de afiliado'. A patient saved before with only
 * the free text shows it read-only until an obra social is chosen.
 */
export function ObraSocialFields({ form, onChange, leida, obrasSociales, failed }: Props) {
  const [afiliadoLeft, setAfiliadoLeft] = useState(false);
  const obraSocial = obrasSociales?.find((o) => o.id === form.obraSocialId);
  const elegida = form.obraSocialId > 0;
  const conPlanes = elegida && (obraSocial ? obraSocial.planes.length > 0 : form.plan !== '');
  const afiliado = form.afiliado.trim();
  const afiliadoProblem =
    afiliado === ''
      ? afiliadoLeft
        ? PROBLEMS.sinAfiliado
        : null
      : [...afiliado].length > MAX_AFILIADO
        ? PROBLEMS.afiliadoLargo
        : null;
  return (
    <>
      <SelectField
        id="obraSocial"
        label="Obra social"
        className="col-md-6 col-lg-4"
        value={form.obraSocialId}
        onChange={(id) => onChange(elegirObraSocial(form, id, obrasSociales ?? []))}
        options={obraSocialOptions(obrasSociales, form, leida)}
      />
      {failed && <p className="col-12 small text-danger mb-0">{MESSAGES.obrasSocialesFallo}</p>}
      {!elegida && form.textoAnterior !== '' && (
        <div className="col-md-6 col-lg-8 align-self-end" data-testid="obra-social-anterior">
          <p className="mb-0">Obra social (texto anterior): {form.textoAnterior}</p>
          <p className="form-text mb-0">{MESSAGES.textoAnteriorAyuda}</p>
        </div>
      )}
      {conPlanes && (
        <SelectField
          id="plan"
          label="Plan"
          className="col-md-6 col-lg-4"
          value={form.plan}
          onChange={(plan) => onChange({ ...form, plan })}
          options={planOptions(obraSocial, form.plan)}
        />
      )}
      {elegida && (
        <TextField
          id="afiliado"
          label="N° de afiliado"
          className="col-md-6 col-lg-4"
          autoComplete="off"
          required
          invalid={afiliadoProblem !== null}
          value={form.afiliado}
          onChange={(text) => onChange({ ...form, afiliado: text })}
          onBlur={() => setAfiliadoLeft(true)}
        >
          {afiliadoProblem && <div className="invalid-feedback">{afiliadoProblem}</div>}
        </TextField>
      )}
    </>
  );
}

/** The shop's obras sociales for the patient form, and whether they could not be read (the form
 * says so; a 401 or 403 is answered elsewhere). */
export function useObrasSociales() {
  const query = useObrasSocialesQuery();
  const failed = query.isError && !handledElsewhere(query.error);
  return { obrasSociales: query.isError ? undefined : query.currentData, failed };
}
