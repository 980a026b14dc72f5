// Whether the movement would land in a closed cash day, known when the form opens rather than
// when the server refuses the save: the branch's day of a new movement's date, and of the
// payments this form adds (the ledger counts each payment on its own day; an edit that adds no
// payment moves no money and a closed day does not stop it).
import { skipToken } from '@reduxjs/toolkit/query/react';
import { closingsApi, useCajaDiaQuery } from '../../api/closings';
import { useAppSelector } from '../../app/store';
import { formatFecha, isLocalMinute } from '../../lib/dates';
import { isAdmin } from '../../session/sessionSlice';
import { CERRADA, PROBLEMS } from './messages';
import type { MovementForm } from './rules';

/** While a day is closed it is read again this often: once an admin reopens it, the form that
 * waited saves without being opened again. */
export const REREAD_CLOSED_MS = 15_000;

/** The days (`yyyy-MM-dd`) whose cash the save touches: a new movement's date first, then the
 * days of the payments this form added. At most two are watched: payments are added 'now', so
 * they share one day, almost always the movement's. */
export function diasQueCuenta(form: MovementForm, nuevo: boolean): string[] {
  const fecha = nuevo && isLocalMinute(form.fecha) ? [form.fecha.slice(0, 10)] : [];
  const pagos = form.pagos.filter((p) => p.id === undefined && isLocalMinute(p.fecha)).map((p) => p.fecha.slice(0, 10));
  return [...new Set([...fecha, ...pagos])].slice(0, 2);
}

/** One day's state, read again while closed; the day when it is closed, else null. An answer
 * that fails says nothing: the server still refuses the save in its own words. */
function useClosed(localId: number | null, fecha: string | undefined): string | null {
  const arg = localId === null || fecha === undefined ? skipToken : { localId, fecha };
  const seen = closingsApi.endpoints.cajaDia.useQueryState(arg);
  const closed = seen.currentData?.estado === 'CERRADA';
  useCajaDiaQuery(arg, { refetchOnMountOrArgChange: true, pollingInterval: closed ? REREAD_CLOSED_MS : 0 });
  return closed && fecha !== undefined ? fecha : null;
}

export interface ClosedDays {
  /** What the form says at its top; null when no day it touches is closed. */
  notice: string | null;
  /** Why Guardar waits, one line per closed day. */
  problems: string[];
}

/** The closed days among those the save touches, at the form's branch. A seller reads only
 * their own branch's days (the server's rule; another branch's would be refused). */
export function useClosedDays(form: MovementForm, nuevo: boolean, readOnly: boolean): ClosedDays {
  const session = useAppSelector((s) => s.session);
  const mayRead = !readOnly && form.localId !== null && (isAdmin(session) || form.localId === session.localId);
  const localId = mayRead ? form.localId : null;
  const dias = diasQueCuenta(form, nuevo);
  const closed = [useClosed(localId, dias[0]), useClosed(localId, dias[1])].filter((d): d is string => d !== null);
  if (closed.length === 0) return { notice: null, problems: [] };
  const ownDay = nuevo && closed.includes(form.fecha.slice(0, 10));
  return {
    notice: ownDay ? CERRADA.dia : CERRADA.pagos(formatFecha(closed[0])),
    problems: closed.map((d) => PROBLEMS.cajaCerrada(formatFecha(d))),
  };
}
