import { memo, useCallback, useState, type ClipboardEvent } from 'react';
import { handledElsewhere } from '../api/base';
import {
  useCancelarConteoMutation,
  useCargarContadosMutation,
  useCerrarConteoMutation,
  type ConteoGuardado,
  type LineaConteo,
  type Planilla,
} from '../api/counts';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { WHOLE } from '../lib/numbers';
import { CellInput } from '../ui/NumberInput';
import { SaveProblems } from '../ui/SaveProblems';
import { SavingOverlay } from '../ui/SavingOverlay';
import { SubmitButton } from '../ui/SubmitButton';
import { useUnsavedChanges } from '../ui/useUnsavedChanges';
import { CANCEL_CONFIRM, CLOSE_CONFIRM, MESSAGES, TITLES } from './messages';
import { PasteColumn } from './PasteColumn';
import { refused } from './refused';
import {
  cargaBody,
  cierreProblems,
  esColumna,
  guardarProblems,
  leerColumna,
  pendientes,
  progreso,
  progresoText,
  textosDe,
  type Textos,
} from './rules';
import '../ui/stackedTable.css';

interface RowProps {
  linea: LineaConteo;
  text: string;
  pending: boolean;
  onChange: (productoId: number, text: string) => void;
  /** Only the first row takes a pasted column. */
  onPasteColumn?: (e: ClipboardEvent<HTMLInputElement>) => void;
}

/** One product of the open sheet: brand, model and the counted quantity (never the expected). */
const Row = memo(function Row({ linea: l, text, pending, onChange, onPasteColumn }: RowProps) {
  return (
    <tr data-testid={`linea-${l.productoId}`} className={pending ? 'table-warning' : undefined}>
      <td data-label="Marca">{l.marca}</td>
      <td data-label="Modelo">{l.modelo}</td>
      <td data-label="Contado" style={{ maxWidth: '9rem' }}>
        <CellInput
          id={`contado-${l.productoId}`}
          rule={WHOLE}
          aria-label={`Contado de ${l.modelo}`}
          value={text}
          onValueChange={(t) => onChange(l.productoId, t)}
          onPaste={onPasteColumn}
        />
      </td>
    </tr>
  );
});

interface Props {
  planilla: Planilla;
  /** Closes or cancels (admins). */
  admin: boolean;
  /** Reads the sheet again: after a refusal it may have changed meanwhile. */
  reload: () => void;
}

/**
 * The open sheet: a quantity per product, typed or pasted as a column, saved as often as wanted
 * ('Guardar' sends what changed), the progress, and for admins 'Cerrar conteo' (every product
 * counted and saved) and 'Cancelar conteo'. Nothing of the expected stock is shown: the server
 * sends none while the count is open, and this screen has no place for it.
 */
export function OpenSheet({ planilla, admin, reload }: Props) {
  const { conteo, lineas } = planilla;
  const [textos, setTextos] = useState<Textos>(() => textosDe(planilla));
  const [notice, setNotice] = useState<{ ok: boolean; lines: string[] } | null>(null);
  const [cargar, saving] = useCargarContadosMutation();
  const [cerrar, closing] = useCerrarConteoMutation();
  const [cancelar, cancelling] = useCancelarConteoMutation();
  const pending = pendientes(lineas, textos);
  const pendingIds = new Set(pending.map((l) => l.productoId));
  useUnsavedChanges(pending.length > 0);
  const avance = progreso(lineas, textos);
  const saveProblems = guardarProblems(lineas, textos);
  const closeProblems = cierreProblems(lineas, textos);
  const busy = saving.isLoading || closing.isLoading || cancelling.isLoading;

  const onChange = useCallback((productoId: number, text: string) => {
    setTextos((t) => ({ ...t, [productoId]: text }));
  }, []);

  /** Takes a pasted column into the sheet, or refuses it whole; answers the errors. */
  const pegar = (text: string): string[] | null => {
    const result = leerColumna(text, lineas);
    if (!result.ok) {
      setNotice({ ok: false, lines: result.errors });
      void alert('error', TITLES.pegado, result.errors.join('\n'));
      return result.errors;
    }
    setTextos((t) => ({ ...t, ...result.textos }));
    setNotice({ ok: true, lines: [MESSAGES.pegada(lineas.length)] });
    return null;
  };

  const onPasteColumn = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!esColumna(text)) return;
    e.preventDefault();
    pegar(text);
  };

  const send = async (command: () => Promise<ConteoGuardado>, title: string) => {
    try {
      const answer = await command();
      if (answer.planilla) setTextos(textosDe(answer.planilla));
      setNotice(null);
      void alert('success', title, answer.mensaje);
    } catch (error) {
      if (handledElsewhere(error)) return;
      refused(error);
      reload();
    }
  };

  const guardar = () => {
    if (saveProblems.length > 0 || busy) return;
    void send(() => cargar({ id: conteo.id, body: cargaBody(lineas, textos) }).unwrap(), TITLES.guardado);
  };

  const cerrarConteo = async () => {
    if (closeProblems.length > 0 || busy) return;
    if (!(await confirmWith({ ...CLOSE_CONFIRM, text: CLOSE_CONFIRM.text(conteo.local) }))) return;
    await send(() => cerrar({ id: conteo.id }).unwrap(), TITLES.cerrado);
  };

  const cancelarConteo = async () => {
    if (busy) return;
    if (!(await confirmWith(CANCEL_CONFIRM))) return;
    await send(() => cancelar({ id: conteo.id }).unwrap(), TITLES.cancelado);
  };

  const percent = avance.total ? Math.round((avance.contados * 100) / avance.total) : 0;
  return (
    <div>
      <p className="alert alert-info small">{MESSAGES.aCiegas}</p>
      <div className="mb-3" data-testid="avance">
        <div className="d-flex flex-wrap gap-2 align-items-baseline mb-1">
          <span className="fw-semibold">{progresoText(avance)}</span>
          {avance.sinGuardar > 0 && (
            <span className="badge text-bg-warning">{MESSAGES.sinGuardar(avance.sinGuardar)}</span>
          )}
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Avance del conteo"
          aria-valuenow={avance.contados}
          aria-valuemin={0}
          aria-valuemax={avance.total}
        >
          <div className="progress-bar" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <PasteColumn onPaste={pegar} notice={notice} help={MESSAGES.pegarAyuda} disabled={busy} />
      <div className="table-responsive">
        <table className="table table-sm align-middle table-stacked" aria-label="Planilla del conteo">
          <thead>
            <tr>
              <th scope="col">Marca</th>
              <th scope="col">Modelo</th>
              <th scope="col">Contado</th>
            </tr>
          </thead>
          <tbody>
            {lineas.map((l, i) => (
              <Row
                key={l.productoId}
                linea={l}
                text={textos[l.productoId] ?? ''}
                pending={pendingIds.has(l.productoId)}
                onChange={onChange}
                onPasteColumn={i === 0 ? onPasteColumn : undefined}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={saveProblems.length > 0 || busy}
          aria-describedby={saveProblems.length > 0 ? 'guardar-problems' : undefined}
          onClick={guardar}
        >
          {saving.isLoading ? MESSAGES.guardando : 'Guardar'}
        </button>
        {admin && (
          <>
            <SubmitButton
              className="btn btn-success"
              problemsId="cierre-problems"
              problems={closeProblems}
              busy={busy}
              onClick={() => void cerrarConteo()}
            >
              Cerrar conteo
            </SubmitButton>
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy}
              onClick={() => void cancelarConteo()}
            >
              Cancelar conteo
            </button>
          </>
        )}
      </div>
      <SaveProblems id="guardar-problems" problems={saveProblems} />
      {admin && (
        <SaveProblems
          id="cierre-problems"
          problems={closeProblems}
          heading="No se puede cerrar todavía:"
          testId="cierre-problems"
        />
      )}
      {!admin && <p className="text-muted small mt-2">{MESSAGES.esperaCierre}</p>}
      <SavingOverlay show={busy} label={saving.isLoading ? MESSAGES.guardando : MESSAGES.enviando} />
    </div>
  );
}
