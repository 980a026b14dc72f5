import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorStatus, errorText, handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import {
  useCreatePacienteMutation,
  useGetPacienteQuery,
  useUpdatePacienteMutation,
  type Paciente,
} from '../api/patients';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { useAppSelector } from '../app/store';
import { isoDate } from '../lib/dates';
import { isAdmin } from '../session/sessionSlice';
import { RadioGroup } from '../ui/RadioGroup';
import { TextAreaField, TextField, patchBinder } from '../ui/fields';
import { useRouteId, useSeed, type EditScreenProps } from '../ui/editScreen';
import { EditFooter } from '../ui/EditFooter';
import { ReadFailed } from '../ui/ReadFailed';
import { SavingOverlay } from '../ui/SavingOverlay';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { FichaCard } from './FichaCard';
import { ObraSocialFields, useObrasSociales } from './ObraSocialFields';
import { MESSAGES, REMOVE_FICHA_CONFIRM, TITLES } from './messages';
import { canRemoveFicha, removeLatestFicha, sortFichas, type FichaForm } from './ficha';
import {
  GENEROS_PACIENTE,
  addFicha,
  afiliacionTexto,
  comprasPath,
  emptyPacienteForm,
  formFromPaciente,
  pacienteBody,
  pacienteProblems,
  saveErrorText,
  type PacienteForm,
} from './rules';

type TextField = 'nombreCompleto' | 'direccion' | 'celular' | 'documento' | 'correo' | 'medico';

const TEXT_FIELDS: { name: TextField; label: string; required?: string; type?: string }[] = [
  { name: 'nombreCompleto', label: 'Nombre completo', required: 'El nombre completo es obligatorio.' },
  { name: 'celular', label: 'Celular', required: 'El celular es obligatorio.', type: 'tel' },
  { name: 'documento', label: 'Documento' },
  { name: 'direccion', label: 'Dirección' },
  { name: 'correo', label: 'Correo', type: 'email' },
  { name: 'medico', label: 'Médico' },
];

interface Props {
  /** The patient being edited; none in create mode. */
  paciente?: Paciente;
}

/** The patient form (routes crearPaciente and editarPaciente/:id): data, branch, gender and the
 * prescription history. Saving goes on to a cash-box movement for the patient. */
export function PatientForm({ paciente }: Props) {
  const navigate = useNavigate();
  const session = useAppSelector((s) => s.session);
  const ownLocal = isAdmin(session) ? null : session.localId;
  const [form, setForm] = useState<PacienteForm>(() =>
    paciente ? formFromPaciente(paciente) : emptyPacienteForm(isoDate(new Date()), ownLocal),
  );
  const [touched, setTouched] = useState<Partial<Record<TextField, boolean>>>({});
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [create, creating] = useCreatePacienteMutation();
  const [update, updating] = useUpdatePacienteMutation();
  const saving = creating.isLoading || updating.isLoading;
  const { obrasSociales, failed: obrasSocialesFailed } = useObrasSociales();
  const problems = pacienteProblems(form, obrasSociales);
  const enabled = problems.length === 0 && !saving;
  const [opened] = useState(form);
  const saved = useUnsavedChanges(changed(opened, form));
  const edit = paciente !== undefined;
  const title = edit ? 'Editar Paciente' : 'Crear Paciente';

  const set = (patch: Partial<PacienteForm>) => setForm((f) => ({ ...f, ...patch }));

  const bind = patchBinder(form, set);
  const setFicha = (next: FichaForm) =>
    setForm((f) => ({ ...f, fichas: f.fichas.map((x) => (x.key === next.key ? next : x)) }));

  const agregarFicha = () => setForm((f) => addFicha(f, isoDate(new Date())));
  const eliminarFicha = async () => {
    if (!canRemoveFicha(form.fichas)) return;
    if (!(await confirmWith(REMOVE_FICHA_CONFIRM))) return;
    setForm((f) => ({ ...f, fichas: removeLatestFicha(f.fichas) }));
  };

  /** Saves, then goes to a new movement for the patient (the submit, and 'Registrar un movimiento'
   * after a change). */
  const save = async () => {
    if (!enabled) return;
    try {
      const answer = paciente
        ? await update({ id: paciente.id, body: pacienteBody(form, paciente.version) }).unwrap()
        : await create(pacienteBody(form)).unwrap();
      void alert('success', edit ? TITLES.editado : TITLES.creado, answer.mensaje);
      saved();
      const id = answer.paciente?.id ?? paciente?.id;
      navigate(id === undefined ? '/crearMovimiento' : `/crearMovimiento/${id}`);
    } catch (error) {
      if (handledElsewhere(error)) return;
      void alert('error', TITLES.error, saveErrorText(error, edit ? MESSAGES.editarFallo : MESSAGES.crearFallo));
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  /** 'Registrar un movimiento': a patient opened and not changed goes straight to the movement;
   * saving it again would only raise its version and add an audit entry for nothing. */
  const registrar = () => {
    if (paciente && !changed(opened, form)) navigate(`/crearMovimiento/${paciente.id}`);
    else void save();
  };

  return (
    <section>
      <SavingOverlay show={saving} />
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-4">
        <h2 className="m-0">{title}</h2>
        {paciente && <span className="text-muted">N° de ficha: {paciente.ficha}</span>}
        {paciente?.afiliacion && (
          <span className="text-muted" data-testid="paciente-obra-social">
            {afiliacionTexto(paciente.afiliacion)}
          </span>
        )}
      </div>
      <form onSubmit={submit} noValidate>
        <div className="row g-3 mb-3">
          {TEXT_FIELDS.map(({ name, label, required, type }) => {
            const invalid = required !== undefined && touched[name] === true && form[name].trim() === '';
            return (
              <TextField
                key={name}
                id={name}
                label={label}
                className="col-md-6 col-lg-4"
                type={type ?? 'text'}
                invalid={invalid}
                required={required !== undefined}
                value={form[name]}
                onChange={(text) => set({ [name]: text })}
                onBlur={() => setTouched((t) => ({ ...t, [name]: true }))}
              >
                {required && <div className="invalid-feedback">{required}</div>}
              </TextField>
            );
          })}
          <ObraSocialFields
            form={form}
            onChange={setForm}
            leida={paciente?.afiliacion}
            obrasSociales={obrasSociales}
            failed={obrasSocialesFailed}
          />
          <TextAreaField id="observaciones" label="Observaciones" className="col-12" {...bind('observaciones')} />
        </div>
        <div className="row g-3 mb-3">
          <RadioGroup
            className="col-md-6"
            legend="Local"
            name="local"
            options={locales.map((l) => ({ value: l.id, label: l.nombre }))}
            {...bind('localId')}
          />
          <RadioGroup
            className="col-md-6"
            legend="Género"
            name="genero"
            inline
            options={GENEROS_PACIENTE.map((g) => ({ value: g, label: g }))}
            {...bind('genero')}
          />
        </div>

        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h3 className="fs-5 m-0 me-auto">Historial de fichas</h3>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={agregarFicha}>
            Agregar ficha
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={!canRemoveFicha(form.fichas)}
            onClick={eliminarFicha}
          >
            Eliminar última ficha
          </button>
        </div>
        {form.fichas.length === 0 && <p className="text-muted">El paciente no tiene fichas de graduación.</p>}
        {form.fichas.map((ficha, i) => (
          <FichaCard
            key={ficha.key}
            ficha={ficha}
            position={i + 1}
            onChange={setFicha}
            onDateCommit={() => setForm((f) => ({ ...f, fichas: sortFichas(f.fichas) }))}
          />
        ))}

        <EditFooter
          className="d-flex flex-wrap gap-2 mt-4"
          onBack={() => navigate('/adminitrarPaciente')}
          problemsId="paciente-problemas"
          problems={problems}
          enabled={enabled}
          submitLabel={title}
        >
          {paciente && (
            <Link className="btn btn-info" to={comprasPath(paciente.nombreCompleto, paciente.id)}>
              Ver compras
            </Link>
          )}
          <button
            type="button"
            className="btn btn-success"
            disabled={!enabled}
            aria-describedby="paciente-problemas"
            onClick={registrar}
          >
            Registrar un movimiento
          </button>
        </EditFooter>
      </form>
    </section>
  );
}

/** Route editarPaciente/:id: loads the patient fresh (its version guards the update), then shows
 * the form with it. */
export function EditPatient({ below }: EditScreenProps) {
  const id = useRouteId();
  const valid = id !== null;
  const query = useGetPacienteQuery(id ?? 0, { skip: !valid, refetchOnMountOrArgChange: true });
  // The first fresh answer seeds the form; refetches after saving must not reset it.
  const [loaded] = useSeed(query, id);

  const failed = !loaded && (!valid || (query.isError && !handledElsewhere(query.error)));
  const message =
    !valid || errorStatus(query.error) === 404
      ? MESSAGES.noEncontrado
      : (errorText(query.error) ?? MESSAGES.cargaFallo);
  if (failed) {
    return (
      <ReadFailed heading="Editar Paciente" title={TITLES.error} message={message}>
        <Link to="/adminitrarPaciente">Volver al listado de pacientes</Link>
      </ReadFailed>
    );
  }
  if (!loaded) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return (
    <>
      <PatientForm key={loaded.id} paciente={loaded} />
      {below?.(loaded.id)}
    </>
  );
}
