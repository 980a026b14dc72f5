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
import { DataTable } from '../ui/DataTable';

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

/** The units on their way to a branch, or a dash. */
function EnTransito({ unidades }: { unidades: number }) {
  return unidades > 0 ? <span className="badge text-bg-info">{MESSAGES.enTransito(unidades)}</span> : '—';
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
          <DataTable
            label="Stock por local"
            variant="table-sm mb-0"
            rows={producto.productoLocales}
            rowKey={(s) => s.local.id}
            rowTestId={(s) => `stock-local-${s.local.id}`}
            columns={[
              { header: 'Local', cell: (s) => s.local.nombre },
              { header: 'Stock', align: 'md-end', cell: (s) => formatEntero(s.stock) },
              { header: 'En tránsito', align: 'md-end', cell: (s) => <EnTransito unidades={s.enTransito ?? 0} /> },
              {
                header: 'Punto de pedido',
                cell: (s) => (
                  <MinimoForm
                    key={`${s.local.id}-${s.minimo ?? ''}`}
                    productoId={producto.id}
                    localId={s.local.id}
                    localNombre={s.local.nombre}
                    minimo={s.minimo}
                    onSaved={saved}
                  />
                ),
              },
              {
                header: 'Acciones',
                cell: (s) => (
                  <button
                    type="button"
                    className="btn btn-outline-warning btn-sm"
                    aria-label={`Ajustar stock en ${s.local.nombre}`}
                    onClick={() => setAjustando(s.local.id)}
                  >
                    Ajustar stock
                  </button>
                ),
              },
            ]}
          />
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
