import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useInformeConteoMutation, type LineaConteo, type Planilla } from '../api/counts';
import { alert } from '../app/alerts';
import { centsOf, formatPesos } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { MESSAGES, TITLES } from './messages';
import { diferenciaText, totales } from './rules';
import '../ui/stackedTable.css';

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
        <div className="form-check mb-0">
          <input
            id="soloDiferencias"
            type="checkbox"
            className="form-check-input"
            checked={soloDiferencias}
            onChange={(e) => setSoloDiferencias(e.target.checked)}
          />
          <label htmlFor="soloDiferencias" className="form-check-label">
            Solo los productos con diferencia
          </label>
        </div>
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
      <div className="table-responsive">
        <table className="table table-sm align-middle table-stacked" aria-label="Diferencias del conteo">
          <thead>
            <tr>
              <th scope="col">Marca</th>
              <th scope="col">Modelo</th>
              <th scope="col" className="text-md-end">
                Esperado
              </th>
              <th scope="col" className="text-md-end">
                Contado
              </th>
              <th scope="col" className="text-md-end">
                Diferencia
              </th>
              {withCost && (
                <th scope="col" className="text-md-end">
                  Valor al costo
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((l) => (
              <tr key={l.productoId} data-testid={`diferencia-${l.productoId}`}>
                <td data-label="Marca">{l.marca}</td>
                <td data-label="Modelo">{l.modelo}</td>
                <td data-label="Esperado" className="text-md-end">
                  {l.esperado == null ? '—' : formatEntero(l.esperado)}
                </td>
                <td data-label="Contado" className="text-md-end">
                  {l.contado == null ? '—' : formatEntero(l.contado)}
                </td>
                <td data-label="Diferencia" className={`text-md-end ${tone(l.diferencia)}`}>
                  {l.diferencia == null ? '—' : diferenciaText(l.diferencia)}
                </td>
                {withCost && (
                  <td data-label="Valor al costo" className={`text-md-end ${tone(l.diferencia)}`}>
                    {formatPesos(valorCents(l))}
                  </td>
                )}
              </tr>
            ))}
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
          </tbody>
        </table>
      </div>
    </div>
  );
}
