import type { Nombrado } from '../../api/types';
import { planTexto, type PlanPago } from '../../lib/cuotas';
import { formatFechaHora, isLocalMinute, localMinute, sameMinute } from '../../lib/dates';
import { formatPesos, parseCents, PESOS } from '../../lib/money';
import { usePlanesDelMetodo } from '../../ui/cardPlans';
import { CuotasSelect } from '../../ui/CuotasSelect';
import { DataTable } from '../../ui/DataTable';
import { CellInput } from '../../ui/NumberInput';
import { removeColumn } from '../../ui/LinesTable';
import { MethodsNotice } from '../../ui/MethodsNotice';
import { MESSAGES } from './messages';
import type { MovementForm, PagoForm } from './rules';
import {
  addPago,
  pagosEfectivos,
  removePago,
  setMetodoPago,
  setMonto,
  setMontoImpuesto,
  setPlan,
  type Totales,
} from './totals';

interface Props {
  form: MovementForm;
  metodos: Nombrado[];
  totales: Totales;
  onChange: (form: MovementForm) => void;
}

/** The payments: method, monto (credited against the debt) and montoImpuesto (charged, surcharge
 * included), each marked full or not against what the patient pays (the total less an obra
 * social's part); those made in the movement's minute are highlighted. A
 * SALIDA is paid by its first payment for the whole total, so those amounts are not typed. An
 * ENTRADA's payment by a card with plans may be in cuotas: its montoImpuesto is then computed
 * from the plan and told in instalments ('3 cuotas de $ 33.333,33'). */
export function Payments({ form, metodos, totales, onChange }: Props) {
  const salida = form.tipo === 'SALIDA';
  const highlight = salida ? 'table-danger' : 'table-success';
  const pagos = pagosEfectivos(form);
  /** A payment's amount, typed (a SALIDA's first payment is the total: `fixed`). */
  const amount = (id: string, name: string, value: string, fixed: boolean, next: (text: string) => MovementForm) => (
    <CellInput
      rule={PESOS}
      show={formatPesos}
      id={id}
      aria-label={name}
      readOnly={fixed}
      value={value}
      onValueChange={(text) => onChange(next(text))}
    />
  );

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Pagos</legend>
      <div className="mb-2">
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={metodos.length === 0}
          onClick={() => onChange(addPago(form, metodos, localMinute(new Date())))}
        >
          Agregar pago
        </button>
      </div>
      {metodos.length === 0 && <MethodsNotice />}
      {pagos.length === 0 ? (
        <p className="text-muted">{MESSAGES.sinPagosCargados}</p>
      ) : (
        <DataTable
          label="Pagos"
          variant="table-sm"
          rows={pagos}
          rowKey={(p) => p.key}
          rowClassName={(p) => (sameMinute(p.fecha, form.fecha) ? highlight : undefined)}
          rowTestId={(_, i) => `pago-${i}`}
          columns={[
            {
              header: 'Método de pago',
              cell: (p, i) => (
                <div className="d-flex flex-column gap-1 flex-grow-1">
                  <MetodoSelect
                    id={`metodoPago-${i}`}
                    n={i + 1}
                    pago={p}
                    metodos={metodos}
                    onChange={(metodo) => onChange(setMetodoPago(form, p.key, metodo))}
                  />
                  {!salida && (
                    <PlanSelect
                      id={`cuotas-${i}`}
                      n={i + 1}
                      pago={p}
                      onChange={(plan) => onChange(setPlan(form, p.key, plan))}
                    />
                  )}
                </div>
              ),
            },
            {
              header: 'Monto',
              cell: (p, i) =>
                amount(`monto-${i}`, `Monto ${i + 1}`, p.monto, salida && i === 0, (text) =>
                  setMonto(form, p.key, text),
                ),
            },
            {
              header: 'Monto con recargo',
              cell: (p, i) => (
                <div className="flex-grow-1">
                  {amount(
                    `montoImpuesto-${i}`,
                    `Monto con recargo ${i + 1}`,
                    p.montoImpuesto,
                    (salida && i === 0) || p.plan !== null,
                    (text) => setMontoImpuesto(form, p.key, text),
                  )}
                  {p.plan && <Instalments id={`cuotasTexto-${i}`} plan={p.plan} montoImpuesto={p.montoImpuesto} />}
                </div>
              ),
            },
            { header: 'Fecha', className: 'text-nowrap', cell: (p) => formatFechaHora(p.fecha) },
            { header: 'Completo', cell: () => <Completo completo={totales.completo} /> },
            removeColumn<PagoForm>({
              label: (_, i) => `Quitar pago ${i + 1}`,
              onRemove: (p) => onChange(removePago(form, p.key)),
            }),
          ]}
        />
      )}
      {totales.excede && (
        <div className="alert alert-warning py-2" role="alert">
          {totales.obraSocialCents > 0 ? MESSAGES.pagosExcedenParte(totales.pacienteCents) : MESSAGES.pagosExceden}
        </div>
      )}
      {/* The change, as the payments are typed: what goes back to the customer. */}
      {!salida && totales.vueltoCents > 0 && (
        <p className="fs-5 fw-bold mb-0" data-testid="vuelto" aria-live="polite">
          {MESSAGES.vuelto(totales.vueltoCents)}
        </p>
      )}
    </fieldset>
  );
}

/** A payment's method: the form's list, or the one it was saved with when the list lost it. */
function MetodoSelect(props: {
  id: string;
  n: number;
  pago: PagoForm;
  metodos: Nombrado[];
  onChange: (metodo: Nombrado | null) => void;
}) {
  const { pago: p, metodos } = props;
  return (
    <select
      id={props.id}
      className="form-select form-select-sm"
      aria-label={`Método de pago ${props.n}`}
      value={p.metodoPago?.id ?? ''}
      onChange={(e) => props.onChange(metodos.find((m) => String(m.id) === e.target.value) ?? null)}
    >
      {p.metodoPago === null && <option value="">Seleccione un método</option>}
      {p.metodoPago && !metodos.some((m) => m.id === p.metodoPago!.id) && (
        <option value={p.metodoPago.id}>{p.metodoPago.nombre}</option>
      )}
      {metodos.map((m) => (
        <option key={m.id} value={m.id}>
          {m.nombre}
        </option>
      ))}
    </select>
  );
}

/** The payment's plan in cuotas, among those its method offers on the payment's day (the rate
 * the server charges it at); nothing for a method without plans. */
function PlanSelect(props: { id: string; n: number; pago: PagoForm; onChange: (plan: PlanPago | null) => void }) {
  const { pago: p } = props;
  const planes = usePlanesDelMetodo(p.metodoPago?.id, isLocalMinute(p.fecha) ? p.fecha.slice(0, 10) : undefined);
  return (
    <CuotasSelect
      id={props.id}
      aria-label={`Cuotas ${props.n}`}
      small
      planes={planes}
      value={p.plan}
      onChange={props.onChange}
    />
  );
}

/** What the card is charged, in instalments: '3 cuotas de $ 33.333,33'. */
function Instalments({ id, plan, montoImpuesto }: { id: string; plan: PlanPago; montoImpuesto: string }) {
  const cents = parseCents(montoImpuesto);
  if (cents === null) return null;
  return (
    <div id={id} className="form-text mt-0" data-testid={id} aria-live="polite">
      {planTexto(plan.cuotas, cents)}
    </div>
  );
}

/** Whether the payments reach the total, as a mark with its words. */
function Completo({ completo }: { completo: boolean }) {
  return completo ? (
    <span className="text-success fs-5" role="img" aria-label="Pago completo" title="Pago completo">
      ✔
    </span>
  ) : (
    <span className="text-danger fs-5" role="img" aria-label="Pago incompleto" title="Pago incompleto">
      ✘
    </span>
  );
}
