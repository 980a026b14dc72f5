import { Link } from 'react-router-dom';
import { useLiquidacionesQuery, type Liquidacion } from '../api/settlements';
import { formatFecha } from '../lib/dates';
import { money } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';
import { StateBadge } from '../ui/StateBadge';
import { LABELS, MESSAGES } from './messages';
import { estadoDe, LIQUIDACIONES, mesCorto } from './rules';

interface Props {
  /** The chosen obra social's; none: every one's (with a column naming it). */
  obraSocial: { id: number; nombre: string } | null;
}

/** The liquidaciones presented, the latest month first (as the server lists them): what each
 * presented, what the obra social paid and rejected, what it still owes and its state, each
 * opening its page. Read afresh each time the screen opens. */
export function SettlementList({ obraSocial }: Props) {
  const list = useLiquidacionesQuery(obraSocial?.id ?? 0, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="liquidaciones-titulo">
      <h3 className="h5" id="liquidaciones-titulo">
        {obraSocial ? `Liquidaciones de ${obraSocial.nombre}` : 'Liquidaciones'}
      </h3>
      <Loaded query={list} failed={MESSAGES.listaFallo} loading={MESSAGES.cargando}>
        {(liquidaciones) => (
          <DataTable<Liquidacion>
            label="Liquidaciones"
            variant="table-striped table-sm"
            rows={liquidaciones}
            rowKey={(l) => l.id}
            rowTestId={(l) => `liquidacion-${l.id}`}
            empty={
              <p className="text-muted">
                {obraSocial ? MESSAGES.sinLiquidacionesDe(obraSocial.nombre) : MESSAGES.sinLiquidaciones}
              </p>
            }
            columns={[
              !obraSocial && { header: LABELS.obraSocial, cell: (l) => l.obraSocial },
              { header: LABELS.mes, className: 'text-nowrap', cell: (l) => mesCorto(l.mes) },
              { header: 'N.º', cell: (l) => l.id },
              { header: 'Presentada', className: 'text-nowrap', cell: (l) => formatFecha(l.fecha) },
              { header: 'Ventas', align: 'md-end', cell: (l) => l.ventas },
              { header: LABELS.total, align: 'md-end', className: 'text-nowrap', cell: (l) => money(l.total) },
              { header: LABELS.cobrado, align: 'md-end', className: 'text-nowrap', cell: (l) => money(l.cobrado) },
              { header: LABELS.debitado, align: 'md-end', className: 'text-nowrap', cell: (l) => money(l.debitado) },
              { header: LABELS.pendiente, align: 'md-end', className: 'text-nowrap', cell: (l) => money(l.pendiente) },
              { header: 'Estado', cell: (l) => <StateBadge {...estadoDe(l.estado)} /> },
              {
                header: 'Acciones',
                cell: (l) => (
                  <Link
                    className="btn btn-outline-primary btn-sm"
                    to={`${LIQUIDACIONES}/${l.id}`}
                    aria-label={`Ver la liquidación N.º ${l.id}`}
                  >
                    Ver
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
