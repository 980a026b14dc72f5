import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { errorStatus, errorText } from '../api/base';
import {
  useCreateLookupMutation,
  useDeleteLookupMutation,
  useListLookupQuery,
  useUpdateLookupMutation,
} from '../api/lookups';
import type { LookupItem } from '../api/types';
import { alert } from '../app/alerts';
import { confirmWith, DELETE_CONFIRM } from '../app/confirmations';
import { SaveProblems } from '../ui/SaveProblems';
import { HINTS, LENTES, LENTES_AYUDA, LENTES_LABEL, MESSAGES, TITLES } from './messages';
import {
  bodyFromForm,
  buttonStates,
  emptyForm,
  fieldProblem,
  formFromItem,
  saveProblems,
  type FormValues,
} from './rules';
import type { LookupScreen } from './screens';

type Action = 'CREAR' | 'ACTUALIZAR' | 'ELIMINAR';

/** Tells the user why an action failed; 401 and 403 are already handled for every call. */
function failure(screen: LookupScreen, action: Action, error: unknown) {
  const status = errorStatus(error);
  if (status === 401 || status === 403) return;
  const data = (error as { data?: { mensaje?: unknown; error?: unknown } }).data;
  if (typeof data?.mensaje === 'string' && typeof data?.error === 'string') {
    void alert('error', data.mensaje, data.error);
    return;
  }
  const title = TITLES.fallo(action, screen.noun);
  if (action === 'ELIMINAR' && status === 500) {
    void alert('error', title, screen.deleteRefused);
    return;
  }
  void alert('error', title, errorText(error) ?? MESSAGES.inesperado);
}

function describe(screen: LookupScreen, item: LookupItem) {
  const extra = screen.fields
    .filter((f) => f.name !== 'nombre')
    .map((f) => item[f.name])
    .filter(Boolean);
  if (screen.cristales && item.cristales) extra.push(LENTES);
  return extra.length ? `${item.nombre} — ${extra.join(' — ')}` : item.nombre;
}

/** One lookup administration screen: radio list, form, create / edit / delete. */
export function LookupAdmin({ screen }: { screen: LookupScreen }) {
  const navigate = useNavigate();
  const { data: items = [], isLoading, isError } = useListLookupQuery(screen.path);
  const [create, creating] = useCreateLookupMutation();
  const [update, updating] = useUpdateLookupMutation();
  const [remove, removing] = useDeleteLookupMutation();
  const [selected, setSelected] = useState<LookupItem | null>(null);
  const [values, setValues] = useState<FormValues>(emptyForm);
  const [cristales, setCristales] = useState(false);
  // Only a screen with the setting sends it (and an edit always says it, so it is what shows).
  const lentes = screen.cristales ? cristales : undefined;

  const problems = saveProblems(screen.fields, values);
  const valid = problems.length === 0;
  const busy = creating.isLoading || updating.isLoading || removing.isLoading;
  const enabled = buttonStates(selected !== null, valid);

  const choose = (item: LookupItem) => {
    setSelected(item);
    setValues(formFromItem(item));
    setCristales(item.cristales ?? false);
  };
  const clear = () => {
    setSelected(null);
    setValues(emptyForm);
    setCristales(false);
  };
  const done = (answer: { mensaje?: unknown }) => {
    void alert('success', typeof answer.mensaje === 'string' ? answer.mensaje : MESSAGES.hecho);
    if (screen.after === 'inicio') navigate('/inicio');
    else clear(); // the list reloads itself: the mutation invalidated it
  };

  const submitCreate = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!enabled.create) return;
    try {
      done(await create({ path: screen.path, body: bodyFromForm(screen.fields, values, lentes) }).unwrap());
    } catch (error) {
      failure(screen, 'CREAR', error);
    }
  };
  const submitEdit = async () => {
    if (!selected || !enabled.edit) return;
    try {
      done(
        await update({
          path: screen.path,
          id: selected.id,
          body: bodyFromForm(screen.fields, values, lentes),
        }).unwrap(),
      );
    } catch (error) {
      failure(screen, 'ACTUALIZAR', error);
    }
  };
  const submitDelete = async () => {
    if (!selected) return;
    if (!(await confirmWith(DELETE_CONFIRM))) return;
    try {
      done(await remove({ path: screen.path, id: selected.id }).unwrap());
    } catch (error) {
      failure(screen, 'ELIMINAR', error);
    }
  };

  // Each disabled button points at what it waits for: the fields' problems, or a selection (or none).
  const PROBLEMS_ID = 'lookup-problemas';
  const HINT_ID = 'lookup-seleccion';
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

  const listStyle = screen.listHeight ? { maxHeight: `${screen.listHeight}px`, overflowY: 'auto' as const } : {};

  return (
    <section>
      <h2 className="mb-4">{screen.title}</h2>
      <div className="row g-4">
        <div className="col-md-6">
          <div className="border rounded p-2" style={listStyle} data-testid="lookup-list">
            {isLoading && <p className="text-muted m-0">{MESSAGES.cargando}</p>}
            {isError && <p className="text-danger m-0">{MESSAGES.listaFallo}</p>}
            {!isLoading && !isError && items.length === 0 && <p className="text-muted m-0">{MESSAGES.sinElementos}</p>}
            {items.map((item) => (
              <div className="form-check" key={item.id}>
                <input
                  className="form-check-input"
                  type="radio"
                  name="lookup-item"
                  id={`item-${item.id}`}
                  checked={selected?.id === item.id}
                  onChange={() => choose(item)}
                />
                <label className="form-check-label" htmlFor={`item-${item.id}`}>
                  {describe(screen, item)}
                </label>
                {screen.itemLink && (
                  <Link
                    className="ms-2 small text-nowrap"
                    to={screen.itemLink.to(item)}
                    aria-label={`${screen.itemLink.label} de ${item.nombre}`}
                  >
                    {screen.itemLink.label}
                  </Link>
                )}
              </div>
            ))}
          </div>
          <button type="button" className="btn btn-outline-secondary btn-sm mt-2" onClick={clear}>
            Limpiar selección
          </button>
        </div>
        <div className="col-md-6">
          <form onSubmit={submitCreate} noValidate>
            {screen.fields.map((f) => {
              const value = values[f.name];
              // No maxLength on the input: a pasted text cut silently would save something else;
              // a text too long is shown red and said under the buttons instead.
              const problem = value === '' ? null : fieldProblem(f, value);
              return (
                <div className="mb-3" key={f.name}>
                  <label htmlFor={`field-${f.name}`} className="form-label">
                    {f.label}
                  </label>
                  <input
                    id={`field-${f.name}`}
                    className={`form-control${problem ? ' is-invalid' : ''}`}
                    required
                    value={value}
                    onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  />
                  {problem && <div className="invalid-feedback">{problem}</div>}
                </div>
              );
            })}
            {screen.cristales && (
              <div className="form-check mb-3">
                <input
                  id="field-cristales"
                  className="form-check-input"
                  type="checkbox"
                  checked={cristales}
                  onChange={(e) => setCristales(e.target.checked)}
                  aria-describedby="cristales-ayuda"
                />
                <label htmlFor="field-cristales" className="form-check-label">
                  {LENTES_LABEL}
                </label>
                <div id="cristales-ayuda" className="form-text">
                  {LENTES_AYUDA}
                </div>
              </div>
            )}
            <div className="d-flex gap-2">
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!enabled.create || busy}
                aria-describedby={describedBy(!valid && PROBLEMS_ID, selected !== null && HINT_ID)}
              >
                Crear
              </button>
              <button
                type="button"
                className="btn btn-warning"
                disabled={!enabled.edit || busy}
                aria-describedby={describedBy(selected === null ? HINT_ID : !valid && PROBLEMS_ID)}
                onClick={submitEdit}
              >
                Editar
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={!enabled.remove || busy}
                aria-describedby={describedBy(selected === null && HINT_ID)}
                onClick={submitDelete}
              >
                Eliminar
              </button>
            </div>
            <SaveProblems id={PROBLEMS_ID} problems={problems} />
            <p id={HINT_ID} className="small text-muted mt-2 mb-0" data-testid="lookup-hint">
              {selected ? HINTS.conSeleccion(selected.nombre) : HINTS.sinSeleccion}
            </p>
          </form>
        </div>
      </div>
    </section>
  );
}
