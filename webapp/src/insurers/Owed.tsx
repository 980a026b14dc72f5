import { Link } from 'react-router-dom';
import { useDeudasObrasSocialesQuery } from '../api/insurers';
import { formatFecha } from '../lib/dates';
import { centsOf, formatPesos } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';
import { MESSAGES } from './messages';

/** What each obra social owes the shop for its part of the covered sales, of it what was not
 * presented in a liquidación yet, and since when: the receivable the patients' debts and the cash
 * never hold. Read afresh each time the screen opens, since any sale may change it. */
export function Owed() {
  const deudas = useDeudasObrasSocialesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="mt-4">
      <h3 className="h5">{MESSAGES.deben}</h3>
      <Loaded query={deudas} failed={MESSAGES.debenFallo} loading={MESSAGES.cargando}>
        {(rows) => (
          <DataTable
            label={MESSAGES.deben}
            variant="table-sm"
            rows={rows}
            rowKey={(d) => d.obraSocialId}
            empty={<p className="text-muted">{MESSAGES.nadieDebe}</p>}
            columns={[
              {
                header: 'Obra social',
                // Its liquidaciones, on the month of the oldest sale it owes: where to present it.
                cell: (d) => (
                  <Link to={`/obrasSociales/liquidaciones?obraSocial=${d.obraSocialId}&mes=${d.desde.slice(0, 7)}`}>
                    {d.obraSocial}
                  </Link>
                ),
              },
              { header: 'Ventas', cell: (d) => d.ventas },
              { header: 'Debe', className: 'text-nowrap', cell: (d) => formatPesos(centsOf(d.monto)) },
              {
                header: 'Sin presentar',
                className: 'text-nowrap',
                cell: (d) => formatPesos(centsOf(d.sinPresentar)),
              },
              { header: 'Desde la venta del', className: 'text-nowrap', cell: (d) => formatFecha(d.desde) },
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
