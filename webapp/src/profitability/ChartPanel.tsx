import { lazy, Suspense } from 'react';
import type { Agrupar, GrupoRentabilidad } from '../api/profitability';
import { MESSAGES } from './messages';
import { barras, graficoNombre } from './rules';

// recharts is loaded with the first chart shown, never with the rest of the app.
const IngresosMargenChart = lazy(() => import('./charts').then((m) => ({ default: m.IngresosMargenChart })));

/** Each group's income and margin as bars, under its heading and named like it; nothing (and no
 * recharts) without groups, whose absence the table already tells. */
export function ChartPanel({ agrupar, grupos }: { agrupar: Agrupar; grupos: readonly GrupoRentabilidad[] }) {
  if (grupos.length === 0) return null;
  const title = graficoNombre(agrupar);
  return (
    <section className="card mb-3" aria-labelledby="rentabilidad-grafico-title">
      <div className="card-body">
        <h3 className="h6" id="rentabilidad-grafico-title">
          {title}
        </h3>
        <div role="img" aria-label={title}>
          <Suspense fallback={<p className="text-muted mb-0">{MESSAGES.cargandoGrafico}</p>}>
            <IngresosMargenChart data={barras(grupos)} />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
