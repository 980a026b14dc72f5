import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useLiquidacionArchivoMutation, useLiquidacionQuery, type LiquidacionDetalle } from '../api/settlements';
import { alert } from '../app/alerts';
import { formatFecha } from '../lib/dates';
import { centsOf, money } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { useRouteRecord } from '../ui/editScreen';
import { NotRead } from '../ui/Loaded';
import { RecordScreen } from '../ui/RecordScreen';
import { StateBadge } from '../ui/StateBadge';
import { CollectForm } from './CollectForm';
import { LABELS, MESSAGES, TITLES } from './messages';
import { estadoDe, formatCuit, LIQUIDACIONES, mesCorto, mesLargo } from './rules';
import { SettlementItems } from './SettlementItems';

/** The liquidación's figures, each in a box of its own (two a row on a phone). */
function Figures({ liquidacion: l }: { liquidacion: LiquidacionDetalle }) {
  const figures: [label: string, pesos: number, testId: string][] = [
    [LABELS.total, l.total, 'liquidacion-total'],
    [LABELS.cobrado, l.cobrado, 'liquidacion-cobrado'],
    [LABELS.debitado, l.debitado, 'liquidacion-debitado'],
    [LABELS.facturado, l.facturado, 'liquidacion-facturado'],
    [LABELS.pendiente, l.pendiente, 'liquidacion-pendiente'],
  ];
  return (
    <dl className="row row-cols-2 row-cols-md-5 g-2 mb-3">
      {figures.map(([label, pesos, testId]) => (
        <div className="col" key={testId}>
          <div className="border rounded p-2 h-100">
            <dt className="small text-muted fw-normal">{label}</dt>
            <dd className="fs-5 fw-semibold mb-0 text-nowrap" data-testid={testId}>
              {money(pesos)}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

/** The obra social's payments, in the order they were recorded. */
function Payments({ liquidacion: l }: { liquidacion: LiquidacionDetalle }) {
  return (
    <section className="mb-4" aria-labelledby="cobros-titulo">
      <h3 className="h5" id="cobros-titulo">
        Cobros
      </h3>
      <DataTable
        label="Cobros"
        variant="table-sm"
        rows={l.cobros}
        rowKey={(c) => c.numero}
        empty={<p className="text-muted">{MESSAGES.sinCobros}</p>}
        columns={[
          { header: 'N.º', cell: (c) => c.numero },
          { header: 'Fecha', className: 'text-nowrap', cell: (c) => formatFecha(c.fecha) },
          { header: 'Referencia', cell: (c) => c.referencia },
          { header: 'Monto', align: 'md-end', className: 'text-nowrap', cell: (c) => money(c.monto) },
        ]}
      />
    </section>
  );
}

/**
 * Route obrasSociales/liquidaciones/:id (admins): a liquidación with its obra social, month,
 * state and figures; its workbook and PDF; the sales it presented (billing a rejected part to
 * the patient); the obra social's payments; and, while it still owes something, 'Registrar cobro'.
 */
export function Settlement() {
  const { valid, query, record: l } = useRouteRecord(useLiquidacionQuery);
  const [archivo, downloading] = useLiquidacionArchivoMutation();
  // Each recorded payment opens a blank form, with a key of its own.
  const [ronda, setRonda] = useState(0);

  if (!l) return <NotRead valid={valid} query={query} failed={MESSAGES.liquidacionFallo} loading={MESSAGES.cargando} />;

  const descargar = async (tipo: 'excel' | 'pdf') => {
    const [ok, failed] =
      tipo === 'excel' ? [MESSAGES.excelGenerado, MESSAGES.excelFallo] : [MESSAGES.pdfGenerado, MESSAGES.pdfFallo];
    try {
      await archivo({ liquidacion: { id: l.id, mes: l.mes }, tipo }).unwrap();
      void alert('success', TITLES.exito, ok);
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, failed);
    }
  };

  return (
    <RecordScreen
      testId="liquidacion-datos"
      title={`Liquidación N.º ${l.id}`}
      badge={<StateBadge {...estadoDe(l.estado)} />}
      back={`${LIQUIDACIONES}?obraSocial=${l.obraSocialId}&mes=${l.mes}`}
      facts={[
        [LABELS.obraSocial, l.obraSocial],
        ['CUIT', formatCuit(l.cuit)],
        [LABELS.mes, `${mesCorto(l.mes)} (${mesLargo(l.mes).toLowerCase()})`],
        ['Presentada', formatFecha(l.fecha)],
        ['Ventas', l.ventas],
      ]}
    >
      <Figures liquidacion={l} />
      <div className="d-flex flex-wrap gap-2 mb-4">
        <button
          type="button"
          className="btn btn-success"
          disabled={downloading.isLoading}
          onClick={() => void descargar('excel')}
        >
          Descargar Excel
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={downloading.isLoading}
          onClick={() => void descargar('pdf')}
        >
          Descargar PDF
        </button>
      </div>
      <SettlementItems liquidacion={l} />
      <Payments liquidacion={l} />
      {centsOf(l.pendiente) > 0 ? (
        <CollectForm key={`${l.id}/${ronda}`} liquidacion={l} onSaved={() => setRonda((r) => r + 1)} />
      ) : (
        <p className="alert alert-success">{MESSAGES.cobrada}</p>
      )}
    </RecordScreen>
  );
}
