import type { EstadoMovimiento, TipoMovimiento } from '../api/movements';
import type { LookupItem } from '../api/types';
import { localMinute } from '../lib/dates';
import { DateInput } from '../ui/DateInput';
import { ESTADOS, TIPOS, changeLocal, changeTipo, type MovementForm } from './rules';

interface Props {
  form: MovementForm;
  /** Sellers work at their own branch: they cannot change it. */
  admin: boolean;
  /** A sale with returns keeps its type and branch (a new one would clear its lines). */
  fixed?: boolean;
  locales: LookupItem[];
  update: (change: (form: MovementForm) => MovementForm) => void;
}

/** The movement's own fields: type, branch, date, seller, the order's state (ENTRADA) and the
 * description (required for a SALIDA). A new type or branch clears what depended on it. */
export function MovementHeader({ form, admin, fixed = false, locales, update }: Props) {
  const set = (patch: Partial<MovementForm>) => update((f) => ({ ...f, ...patch }));
  return (
    <div className="row g-3 mb-4">
      <div className="col-md-4">
        <label htmlFor="tipoMovimiento" className="form-label">
          Tipo de movimiento
        </label>
        <select
          id="tipoMovimiento"
          className="form-select"
          value={form.tipo}
          disabled={fixed}
          onChange={(e) => update((f) => changeTipo(f, e.target.value as TipoMovimiento | ''))}
        >
          <option value="">Seleccione un tipo</option>
          {TIPOS.map((tipo) => (
            <option key={tipo} value={tipo}>
              {tipo}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <label htmlFor="local" className="form-label">
          Local
        </label>
        <select
          id="local"
          className="form-select"
          value={form.localId ?? ''}
          disabled={!admin || fixed}
          onChange={(e) =>
            update((f) =>
              changeLocal(f, e.target.value === '' ? null : Number(e.target.value), localMinute(new Date())),
            )
          }
        >
          <option value="">Seleccione un local</option>
          {locales.map((l) => (
            <option key={l.id} value={l.id}>
              {l.nombre}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-4">
        <label htmlFor="fecha" className="form-label">
          Fecha
        </label>
        <DateInput id="fecha" withTime value={form.fecha} onValueChange={(fecha) => set({ fecha })} />
      </div>
      <div className="col-md-4">
        <label htmlFor="vendedor" className="form-label">
          Vendedor
        </label>
        <input
          id="vendedor"
          className="form-control"
          value={form.vendedor}
          onChange={(e) => set({ vendedor: e.target.value })}
        />
      </div>
      {form.tipo === 'ENTRADA' && (
        <div className="col-md-4">
          <label htmlFor="estadoMovimiento" className="form-label">
            Estado del pedido
          </label>
          <select
            id="estadoMovimiento"
            className="form-select"
            value={form.estado ?? ''}
            onChange={(e) => set({ estado: e.target.value as EstadoMovimiento })}
          >
            {ESTADOS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="col-12">
        <label htmlFor="descripcion" className="form-label">
          Descripción{form.tipo === 'SALIDA' ? ' (obligatoria)' : ''}
        </label>
        <textarea
          id="descripcion"
          className="form-control"
          rows={2}
          value={form.descripcion}
          onChange={(e) => set({ descripcion: e.target.value })}
        />
      </div>
    </div>
  );
}
