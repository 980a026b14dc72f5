import { lazy, Suspense, type ReactNode } from 'react';
import type { VentasDelDia } from '../api/statistics';
import { MESSAGES } from './messages';
import { diasDelPeriodo, type CobroMetodo } from './rules';

// recharts is loaded with the first chart shown, never with the rest of the app.
const VentasPorDiaChart = lazy(() => import('./charts').then((m) => ({ default: m.VentasPorDiaChart })));
const CobrosPorMetodoChart = lazy(() => import('./charts').then((m) => ({ default: m.CobrosPorMetodoChart })));

interface PanelProps {
  id: string;
  title: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A chart under its heading, as an image named like it; the empty-state text when there is no
 * data (and then recharts is not loaded at all). */
function ChartPanel({ id, title, empty, emptyText, children }: PanelProps) {
  return (
    <section className="card h-100" aria-labelledby={id}>
      <div className="card-body">
        <h3 className="h6" id={id}>
          {title}
        </h3>
        {empty ? (
          <p className="text-muted mb-0">{emptyText}</p>
        ) : (
          <div role="img" aria-label={title}>
            <Suspense fallback={<p className="text-muted mb-0">{MESSAGES.cargandoGrafico}</p>}>{children}</Suspense>
          </div>
        )}
      </div>
    </section>
  );
}

/** The server's days with sales, charted over every day of the period. */
export function VentasPorDiaPanel({
  dias,
  fechaInicio,
  fechaFin,
}: {
  dias: VentasDelDia[];
  fechaInicio: string;
  fechaFin: string;
}) {
  return (
    <ChartPanel
      id="ventas-dia-title"
      title="Ventas por día (sin lo devuelto)"
      empty={dias.length === 0}
      emptyText={MESSAGES.sinVentas}
    >
      <VentasPorDiaChart data={diasDelPeriodo(dias, fechaInicio, fechaFin)} />
    </ChartPanel>
  );
}

export function CobrosPorMetodoPanel({ data }: { data: CobroMetodo[] }) {
  return (
    <ChartPanel
      id="cobros-metodo-title"
      title="Ingresos por método de pago (día y local del cobro)"
      empty={data.length === 0}
      emptyText={MESSAGES.sinCobros}
    >
      <CobrosPorMetodoChart data={data} />
    </ChartPanel>
  );
}
