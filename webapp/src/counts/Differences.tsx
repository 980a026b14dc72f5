import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useInformeConteoMutation, type LineaConteo, type Planilla } from '../api/counts';
import { alert } from '../app/alerts';
import { centsOf, formatPesos } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { MESSAGES, TITLES } from './messages';
import { diferenciaText, totales } from './rules';
import { DataTable } from '../ui/DataTable';
import { CheckField } from '../ui/fields';

const tone = (d: number | null | undefined) =>
  d ? (d < 0 ? 'text-danger fw-semibold' : 'text-success fw-semibold') : '';

/** A line's difference at cost, in cents. */
const valorCents = (l: LineaConteo) => (l.diferencia ?? 0) * centsOf(l.costo ?? 0);

/**
 * A closed count: per product what was expected, what was counted and the difference (and, for
 * admins, its value at cost), with the totals; 'Descargar informe' saves the Excel (admins).
 */
export function Differences({ planilla, admin }: { planilla: Planilla; admin: boolean }) {
  const { conteo, lineas } = planilla;
  const [soloDiferencias, setSoloDiferencias] = useState(false);
  const [informe, downloading] = useInformeConteoMutation();
  const t = totales(lineas);
  const shown = soloDiferencias ? lineas.filter((l) => (l.diferencia ?? 0) !== 0) : lineas;
  const withCost = admin && planilla.valorDiferencia != null;

  const descargar = async () => {
    try {
      await informe({ id: conteo.id, local: conteo.local }).unwrap();
      void alert('success', TITLES.exito, MESSAGES.informeDescargado);
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.informeFallo);
    }
  };

  return (
    <div>
      <p className="small text-muted">{MESSAGES.cerradoAyuda}</p>
      <dl className="row mb-3" data-testid="totales">
        <dt className="col-sm-4">Productos con diferencia</dt>
        <dd className="col-sm-8">
          {formatEntero(t.conDiferencia)} de {formatEntero(lineas.length)}
        </dd>
        <dt className="col-sm-4">Unidades</dt>
        <dd className="col-sm-8">
          sobran {formatEntero(t.sobran)} · faltan {formatEntero(t.faltan)} · neto {diferenciaText(t.neto)}
        </dd>
        {withCost && (
          <>
            <dt className="col-sm-4">Valor de la diferencia al costo</dt>
            <dd className={`col-sm-8 ${tone(planilla.valorDiferencia)}`} data-testid="valor-diferencia">
              {formatPesos(centsOf(planilla.valorDiferencia ?? 0))}
            </dd>
          </>
        )}
      </dl>
      {t.conDiferencia === 0 && <p className="alert alert-success">{MESSAGES.sinDiferencias}</p>}
      <div className="d-flex flex-wrap gap-3 align-items-center mb-2">
        <CheckField
          id="soloDiferencias"
          label="Solo los productos con diferencia"
          className="form-check mb-0"
          checked={soloDiferencias}
          onChange={setSoloDiferencias}
        />
        {admin && (
          <button
            type="button"
            className="btn btn-success ms-md-auto"
            disabled={downloading.isLoading}
            onClick={() => void descargar()}
          >
            {downloading.isLoading ? MESSAGES.enviando : 'Descargar informe'}
          </button>
        )}
      </div>
      <DataTable
        label="Diferencias del conteo"
        variant="table-sm"
        rows={shown}
        rowKey={(l) => l.productoId}
        rowTestId={(l) => `diferencia-${l.productoId}`}
        columns={[
          { header: 'Marca', cell: (l) => l.marca },
          { header: 'Modelo', cell: (l) => l.modelo },
          { header: 'Esperado', align: 'md-end', cell: (l) => (l.esperado == null ? '—' : formatEntero(l.esperado)) },
          { header: 'Contado', align: 'md-end', cell: (l) => (l.contado == null ? '—' : formatEntero(l.contado)) },
          {
            header: 'Diferencia',
            align: 'md-end',
            className: (l) => tone(l.diferencia),
            cell: (l) => (l.diferencia == null ? '—' : diferenciaText(l.diferencia)),
          },
          withCost && {
            header: 'Valor al costo',
            align: 'md-end',
            className: (l) => tone(l.diferencia),
            cell: (l) => formatPesos(valorCents(l)),
          },
        ]}
        foot={
          <tr className="fw-semibold" data-testid="diferencia-total">
            {/* No label of its own: on a phone the card reads 'Total', not 'Total Total'. */}
            <td data-label="">Total</td>
            <td data-label="" />
            <td data-label="Esperado" className="text-md-end">
              {formatEntero(lineas.reduce((s, l) => s + (l.esperado ?? 0), 0))}
            </td>
            <td data-label="Contado" className="text-md-end">
              {formatEntero(lineas.reduce((s, l) => s + (l.contado ?? 0), 0))}
            </td>
            <td data-label="Diferencia" className={`text-md-end ${tone(t.neto)}`}>
              {diferenciaText(t.neto)}
            </td>
            {withCost && (
              <td data-label="Valor al costo" className={`text-md-end ${tone(planilla.valorDiferencia)}`}>
                {formatPesos(centsOf(planilla.valorDiferencia ?? 0))}
              </td>
            )}
          </tr>
        }
      />
    </div>
  );
}
