import type { TipoConEstado } from '../api/audit';
import { useAppSelector } from '../app/store';
import { isAdmin } from '../session/sessionSlice';
import { EntityHistory } from './EntityHistory';
import { StockLedger } from './StockLedger';

/** What the edit screens show below their form, for admins only: sellers would get 403 from the
 * audit calls (and a 403 navigates away), so for them nothing is mounted and nothing asked. A
 * product also shows its stock ledger. */
export function EntityAudit({ tipo, id }: { tipo: TipoConEstado; id: number }) {
  const admin = useAppSelector((s) => isAdmin(s.session));
  if (!admin) return null;
  return (
    <>
      {tipo === 'Producto' && <StockLedger productoId={id} />}
      <EntityHistory tipo={tipo} id={id} />
    </>
  );
}
