import { useState } from 'react';
import { errorText, handledElsewhere } from '../api/base';
import { useSaldosQuery, type Saldo } from '../api/balances';
import { money } from '../lib/money';
import { useCashDesk } from '../ui/cashDesk';
import { Pagination } from '../ui/Pagination';
import { BalanceTable } from './BalanceTable';
import { CollectDialog } from './CollectDialog';
import { MESSAGES } from './messages';

const PAGE_SIZE = 10;

interface Props {
  /** 0: every branch (admins; a seller gets their own unless `idPaciente` is given). */
  localId: number;
  idPaciente: number | null;
  /** Without the patient column (a patient's own page). */
  withPatient?: boolean;
  /** What is said when nothing is owed. */
  empty?: string;
}

/** The open balances for a filter, oldest first, with the total owed on top; 'Cobrar' on a row
 * opens the payment dialog, and the list reads again after it. */
export function BalanceList({ localId, idPaciente, withPatient = true, empty = MESSAGES.sinSaldos }: Props) {
  const [page, setPage] = useState(0);
  const [cobrando, setCobrando] = useState<Saldo | null>(null);
  const list = useSaldosQuery({ localId, idPaciente, page, size: PAGE_SIZE }, { refetchOnMountOrArgChange: true });
  const desk = useCashDesk();
  const data = list.isError ? undefined : list.currentData;
  // The dialog follows the list: after another tab's payment it shows the debt as it now is.
  const fresh = cobrando && (data?.saldos.content.find((s) => s.idMovimiento === cobrando.idMovimiento) ?? cobrando);

  if (list.isError) {
    if (handledElsewhere(list.error)) return null;
    return <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.listaFallo}</p>;
  }
  if (!data) return <p className="text-muted">{MESSAGES.cargando}</p>;
  return (
    <>
      <p className="fs-5 mb-2" data-testid="total-adeudado">
        Total adeudado: <strong>{money(data.totalAdeudado)}</strong>
      </p>
      {data.saldos.content.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <>
          <BalanceTable
            rows={data.saldos.content}
            withPatient={withPatient}
            mayOpen={(local) => desk.admin || local === desk.ownLocalId}
            onCobrar={setCobrando}
          />
          <Pagination page={data.saldos.number} totalPages={data.saldos.totalPages} onPage={setPage} />
        </>
      )}
      {fresh && <CollectDialog key={fresh.idMovimiento} saldo={fresh} {...desk} onClose={() => setCobrando(null)} />}
    </>
  );
}
