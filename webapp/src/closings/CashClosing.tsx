import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Cierre } from '../api/closings';
import { useListLookupQuery } from '../api/lookups';
import { confirmWith, LEAVE_CONFIRM } from '../app/confirmations';
import { useAppSelector } from '../app/store';
import { isoDate } from '../lib/dates';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import { DateField, named, SelectField } from '../ui/fields';
import { CashDay } from './CashDay';
import { ClosingHistory } from './ClosingHistory';
import { UnclosedDays } from './UnclosedDays';
import { MESSAGES } from './messages';

const isDay = (fecha: string) => /^\d{4}-\d{2}-\d{2}$/.test(fecha);

/**
 * Route cierreCaja (staff): a branch's day, opened with a float, counted blind and closed; the
 * closings below. A seller works at their own branch; an admin chooses one ('Todos los locales'
 * shows every branch's closings) and may reopen a closed day. `?local=&fecha=` open a given day.
 */
export function CashClosing() {
  const session = useAppSelector((s) => s.session);
  const admin = isAdmin(session);
  const [params] = useSearchParams();
  const hoy = isoDate(new Date());
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [elegido, setElegido] = useState(() => Number(params.get('local')) || 0);
  const [fecha, setFecha] = useState(() => params.get('fecha') ?? hoy);
  const [dirty, setDirty] = useState(false);
  const localId = admin ? elegido : (session.localId ?? 0);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);

  /** Another branch or day: a count typed and not sent is asked about first. */
  const go = async (next: { localId?: number; fecha?: string }) => {
    if (dirty && !(await confirmWith(LEAVE_CONFIRM))) return;
    if (next.localId !== undefined) setElegido(next.localId);
    if (next.fecha !== undefined) setFecha(next.fecha);
  };
  const openDay = (c: Pick<Cierre, 'localId' | 'fecha'>) => {
    void go({ localId: c.localId, fecha: c.fecha }).then(() => window.scrollTo?.({ top: 0 }));
  };

  return (
    <section>
      <h2 className="text-center mb-3">CIERRE DE CAJA</h2>
      <form className="row g-2 mb-3 align-items-end" aria-label="Local y día" onSubmit={(e) => e.preventDefault()}>
        {admin ? (
          <BranchFilter
            id="cajaLocal"
            className="col-sm-6 col-md-3"
            value={elegido}
            locales={locales}
            onChange={(id) => void go({ localId: id })}
          />
        ) : (
          <SelectField
            id="cajaLocal"
            label="Local"
            className="col-sm-6 col-md-3"
            value={localId}
            onChange={() => {}}
            options={named(locales.filter((l) => l.id === localId))}
            disabled
          />
        )}
        <DateField
          id="cajaFecha"
          label="Día"
          className="col-sm-6 col-md-3"
          value={fecha}
          onChange={(v) => void go({ fecha: v })}
        />
        {fecha !== hoy && (
          <div className="col-auto">
            <button type="button" className="btn btn-outline-secondary" onClick={() => void go({ fecha: hoy })}>
              Hoy
            </button>
          </div>
        )}
      </form>

      {!localId ? (
        <p className="text-muted">{MESSAGES.elegirLocal}</p>
      ) : !isDay(fecha) ? (
        <p className="text-muted">{MESSAGES.elegirFecha}</p>
      ) : (
        <CashDay
          key={`${localId}/${fecha}`}
          dia={{ localId, fecha }}
          admin={admin}
          hoy={hoy}
          onDirtyChange={onDirtyChange}
        />
      )}

      {admin && <UnclosedDays onOpen={openDay} />}
      <ClosingHistory key={localId} localId={localId} admin={admin} onOpen={openDay} />
    </section>
  );
}
