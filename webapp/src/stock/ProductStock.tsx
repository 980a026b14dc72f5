import { useState, type FormEvent } from 'react';
import { useGetProductoQuery } from '../api/products';
import { useGuardarMinimoMutation } from '../api/stock';
import { alert } from '../app/alerts';
import { formatEntero, WHOLE } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { AdjustDialog } from './AdjustDialog';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { minimoBody, minimoProblems, minimoText } from './rules';
import '../ui/stackedTable.css';

/** The reorder point of one branch: a small form of its own (blank clears it). */
function MinimoForm({
  productoId,
  localId,
  localNombre,
  minimo,
  onSaved,
}: {
  productoId: number;
  localId: number;
  localNombre: string;
  minimo: number | null | undefined;
  onSaved: () => void;
}) {
  const [text, setText] = useState(() => minimoText(minimo));
  const [guardar, sending] = useGuardarMinimoMutation();
  const problems = minimoProblems(text);
  const unchanged = text.trim() === minimoText(minimo);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problems.length > 0 || unchanged || sending.isLoading) return;
    try {
      const answer = await guardar({ productoId, body: minimoBody(localId, text) }).unwrap();
      onSaved();
      void alert('success', TITLES.minimo, answer.mensaje);
    } catch (error) {
      refused(error);
    }
  };
  return (
    <form className="d-flex gap-1 align-items-start" onSubmit={submit}>
      <div style={{ maxWidth: '6rem' }}>
        <NumberInput
          id={`minimo-${localId}`}
          small
          rule={WHOLE}
          value={text}
          onValueChange={setText}
          placeholder="—"
          aria-label={`Punto de pedido en ${localNombre}`}
        />
      </div>
      <button
        type="submit"
        className="btn btn-outline-primary btn-sm"
        disabled={problems.length > 0 || unchanged || sending.isLoading}
        aria-label={`Guardar punto de pedido en ${localNombre}`}
      >
        Guardar
      </button>
    </form>
  );
}

/**
 * Under a product's edit form (admins): each branch's stock, what is on its way there, its
 * reorder point (saved on its own), and 'Ajustar stock' with a reason and a note. The panel reads
 * the product itself, so it shows each change at once.
 */
export function ProductStock({ productoId }: { productoId: number }) {
  const { data: producto } = useGetProductoQuery(productoId);
  const [ajustando, setAjustando] = useState<number | null>(null);
  const [cambiado, setCambiado] = useState(false);
  const saved = () => setCambiado(true);
  if (!producto) return null;
  const fila = producto.productoLocales.find((s) => s.local.id === ajustando);
  return (
    <section className="card mt-4" aria-labelledby="stock-locales-title">
      <div className="card-body">
        <h3 className="h5" id="stock-locales-title">
          Stock por local
        </h3>
        <p className="small text-muted">{MESSAGES.minimoAyuda}</p>
        {cambiado && (
          <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center" role="status">
            <span>{MESSAGES.formularioViejo}</span>
            <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => window.location.reload()}>
              Recargar
            </button>
          </div>
        )}
        {producto.productoLocales.length === 0 ? (
          <p className="text-muted mb-0">{MESSAGES.sinLocales}</p>
        ) : (
          <div className="table-responsive">
            <table className="table table-sm align-middle table-stacked mb-0" aria-label="Stock por local">
              <thead>
                <tr>
                  <th>Local</th>
                  <th className="text-md-end">Stock</th>
                  <th className="text-md-end">En tránsito</th>
                  <th>Punto de pedido</th>
                  <th>Acciones</th>
                </tr>
              </thead>
              <tbody>
                {producto.productoLocales.map((s) => (
                  <tr key={s.local.id} data-testid={`stock-local-${s.local.id}`}>
                    <td data-label="Local">{s.local.nombre}</td>
                    <td data-label="Stock" className="text-md-end">
                      {formatEntero(s.stock)}
                    </td>
                    <td data-label="En tránsito" className="text-md-end">
                      {(s.enTransito ?? 0) > 0 ? (
                        <span className="badge text-bg-info">{MESSAGES.enTransito(s.enTransito ?? 0)}</span>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td data-label="Punto de pedido">
                      <MinimoForm
                        key={`${s.local.id}-${s.minimo ?? ''}`}
                        productoId={producto.id}
                        localId={s.local.id}
                        localNombre={s.local.nombre}
                        minimo={s.minimo}
                        onSaved={saved}
                      />
                    </td>
                    <td data-label="Acciones">
                      <button
                        type="button"
                        className="btn btn-outline-warning btn-sm"
                        aria-label={`Ajustar stock en ${s.local.nombre}`}
                        onClick={() => setAjustando(s.local.id)}
                      >
                        Ajustar stock
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {fila && (
        <AdjustDialog
          productoId={producto.id}
          modelo={producto.modelo}
          localId={fila.local.id}
          localNombre={fila.local.nombre}
          stock={fila.stock}
          onClose={() => setAjustando(null)}
          onSaved={saved}
        />
      )}
    </section>
  );
}
