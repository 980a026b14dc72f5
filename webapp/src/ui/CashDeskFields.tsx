import type { ReactNode } from 'react';
import type { LookupItem } from '../api/types';
import { named, SelectField } from './fields';
import type { CashDesk } from './cashDesk';
import { MethodsNotice } from './MethodsNotice';

/** A select bound to a form's id (`{...bind('metodoPagoId')}`). */
interface Bound {
  value: number;
  onChange: (id: number) => void;
}

interface MetodoProps extends Bound {
  id: string;
  label: string;
  metodos: LookupItem[];
}

/** The payment method the money of a dialog moves by, and why there is none to choose. */
export function MetodoField({ id, label, metodos, value, onChange }: MetodoProps) {
  return (
    <>
      {metodos.length === 0 && <MethodsNotice />}
      <SelectField id={id} label={label} className="mb-3" value={value} onChange={onChange} options={named(metodos)} />
    </>
  );
}

interface BranchProps extends Bound, Pick<CashDesk, 'admin' | 'ownLocalId' | 'locales'> {
  id: string;
  label: string;
  /** What a seller reads instead: the money goes to their own branch's cash of today. */
  own: (nombre: string) => ReactNode;
}

/** The branch whose cash takes or pays the money: an admin chooses it, a seller is told it is
 * their own. */
export function BranchField({ id, label, admin, ownLocalId, locales, own, value, onChange }: BranchProps) {
  if (admin) {
    return (
      <SelectField id={id} label={label} className="mb-3" value={value} onChange={onChange} options={named(locales)} />
    );
  }
  return own(locales.find((l) => l.id === ownLocalId)?.nombre ?? 'tu local');
}
