import { useState } from 'react';
import {
  usePresentarLiquidacionMutation,
  useLiquidacionesPendientesQuery,
  type VentaCubierta,
} from '../api/settlements';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { formatPesos, money } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { Loaded } from '../ui/Loaded';
import { SavingOverlay } from '../ui/SavingOverlay';
import { submitter } from '../ui/submit';
import { SendButton } from '../ui/SubmitButton';
import { LABELS, MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { aCargoCents, elegidas, mesLargo, presentarBody, presentarProblems } from './rules';
import { saleColumns } from './SaleColumns';

interface Props {
  obraSocial: { id: number; nombre: string };
  /** `aaaa-mm`. */
  mes: string;
  /** Once presented: the new liquidación's id. */
  onPresented: (id: number) => void;
}

const PROBLEMS_ID = 'presentar-problemas';

/**
 * The obra social's covered sales of the month that no liquidación presented yet, each with a
 * check (all checked to start with) and what the obra social is asked to pay; the total of the
 * checked ones; 'Presentar liquidación' sends them. The screen mounts it again for another obra
 * social or month: the checks and the request's key are this form's.
 */
export function PendingSales({ obraSocial, mes, onPresented }: Props) {
  const pendientes = useLiquidacionesPendientesQuery(
    { obraSocialId: obraSocial.id, mes },
    { refetchOnMountOrArgChange: true },
  );
  // The unchecked ones: a sale that appears on a read again comes checked, as the first ones did.
  const [excluidas, setExcluidas] = useState<ReadonlySet<number>>(() => new Set());
  // Made once per opened form: a double click or a retry after a lost answer presents the sales
  // once; after a presentation the form is another.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [presentar, sending] = usePresentarLiquidacionMutation();
  const titulo = `Ventas sin presentar de ${obraSocial.nombre} · ${mesLargo(mes)}`;

  const marcar = (id: number, checked: boolean) =>
    setExcluidas((prev) => {
      const next = new Set(prev);
      if (checked) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section className="mb-4" aria-labelledby="pendientes-titulo">
      <SavingOverlay show={sending.isLoading} label={MESSAGES.enviando} />
      <h3 className="h5" id="pendientes-titulo">
        {titulo}
      </h3>
      <Loaded query={pendientes} failed={MESSAGES.pendientesFallo} loading={MESSAGES.cargando}>
        {(ventas) => {
          if (ventas.length === 0) return <p className="alert alert-info">{MESSAGES.sinPendientes}</p>;
          const checked = elegidas(ventas, excluidas);
          const problems = presentarProblems(checked);
          const todas = checked.length === ventas.length;
          const submit = submitter(
            problems.length > 0 || sending.isLoading,
            async () => {
              const answer = await presentar({
                body: presentarBody(obraSocial.id, mes, checked),
                idempotencyKey,
              }).unwrap();
              setIdempotencyKey(newIdempotencyKey());
              setExcluidas(new Set());
              void alert('success', TITLES.presentada, answer.mensaje);
              onPresented(answer.id);
            },
            refused,
          );
          return (
            <form onSubmit={submit} noValidate aria-label={LABELS.presentar}>
              <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  onClick={() => setExcluidas(todas ? new Set(ventas.map((v) => v.movimientoId)) : new Set<number>())}
                >
                  {todas ? 'Desmarcar todas' : 'Marcar todas'}
                </button>
                <span className="small text-muted">
                  {checked.length} de {ventas.length} {ventas.length === 1 ? 'venta marcada' : 'ventas marcadas'}
                </span>
              </div>
              <DataTable<VentaCubierta>
                label="Ventas sin presentar"
                variant="table-sm"
                rows={ventas}
                rowKey={(v) => v.movimientoId}
                rowTestId={(v) => `pendiente-${v.movimientoId}`}
                columns={[
                  {
                    header: 'Presentar',
                    cell: (v) => (
                      <input
                        type="checkbox"
                        className="form-check-input"
                        aria-label={`Presentar la venta N.º ${v.movimientoId}`}
                        checked={!excluidas.has(v.movimientoId)}
                        onChange={(e) => marcar(v.movimientoId, e.target.checked)}
                      />
                    ),
                  },
                  ...saleColumns<VentaCubierta>(),
                  {
                    header: LABELS.aCargo,
                    align: 'md-end',
                    className: 'text-nowrap',
                    cell: (v) => money(v.monto),
                  },
                ]}
              />
              <p className="fs-5 text-md-end" data-testid="total-presentar" aria-live="polite">
                Total a presentar: <strong>{formatPesos(aCargoCents(checked))}</strong>
              </p>
              <div className="text-md-end">
                <SendButton
                  id={PROBLEMS_ID}
                  className="btn btn-primary"
                  problems={problems}
                  sending={sending.isLoading}
                  heading={MESSAGES.noPresentar}
                >
                  {LABELS.presentar}
                </SendButton>
              </div>
            </form>
          );
        }}
      </Loaded>
    </section>
  );
}
