import { useState, type ReactNode } from 'react';
import type { Movimiento } from '../../api/movements';
import { useDevolverMutation } from '../../api/movements';
import { alert } from '../../app/alerts';
import { confirmation, confirmWith } from '../../app/confirmations';
import { refuser } from '../../app/refusals';
import { formatFecha } from '../../lib/dates';
import { newIdempotencyKey } from '../../lib/idempotency';
import { centsOf, formatPesos, money } from '../../lib/money';
import { formatEntero, formatPorcentaje } from '../../lib/numbers';
import { CheckField, Field, SelectField } from '../../ui/fields';
import { PesosInput } from '../../ui/NumberInput';
import { BranchField, MetodoField } from '../../ui/CashDeskFields';
import type { CashDesk } from '../../ui/cashDesk';
import { FormDialog } from '../../ui/Modal';
import { QuantityRow } from '../../ui/QuantityRow';
import { useForm } from '../../ui/useForm';
import { ventaNumero } from '../../lib/names';
import { DEVOLVER_IGUAL, MESSAGES, TITLES } from './messages';
import {
  adicionalesDe,
  devolucionBody,
  devolucionInicial,
  devolucionProblems,
  estimar,
  metodoDeLaVenta,
  pedidoDe,
  pideConfirmar,
  reparto,
  productosDe,
  type Devolucion,
} from './rules';

interface Props extends CashDesk {
  venta: Movimiento;
  onClose: () => void;
}

/** A group of what may come back; none when the sale has nothing of its kind left. */
function Choices({ legend, children }: { legend: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** How a refused return is told: the server's list of reasons (400), or its message (409, 404). */
const refuse = refuser(TITLES, MESSAGES);

/** The cashier declined to pay out more than the drawer should hold: nothing to tell. */
const DECLINED = Symbol('declined');
const refused = (error: unknown) => {
  if (error !== DECLINED) refuse(error);
};

/** 'Devolver productos' of a sale: how many units of each product come back (at most what is
 * left), which additional lines, how the money goes back and, for admins, the branch that takes
 * them; the estimated refund as the server will value it. A dialog, so it reads the same on a
 * phone. */
export function ReturnDialog({ venta, admin, ownLocalId, locales, metodos, onClose }: Props) {
  const saleLocal = venta.local?.id ?? 0;
  const {
    form: devolucion,
    setForm: setDevolucion,
    set,
    bind,
  } = useForm<Devolucion>(() =>
    devolucionInicial(metodoDeLaVenta(venta, metodos[0]?.id ?? 0), admin ? saleLocal : (ownLocalId ?? 0)),
  );
  const [devolver, sending] = useDevolverMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer registers one
  // return; the dialog opened again is a new return.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // The payment methods may arrive after the dialog opened.
  if (!devolucion.metodoPagoId && metodos.length > 0) setDevolucion({ ...devolucion, metodoPagoId: metodos[0].id });
  const problems = devolucionProblems(venta, devolucion, admin);
  const estimacion = estimar(venta, pedidoDe(venta, devolucion));
  const partes = reparto(devolucion, estimacion.reintegro);
  const productos = productosDe(venta);
  const adicionales = adicionalesDe(venta);

  const toggle = (posicion: number, on: boolean) =>
    set({
      adicionales: on ? [...devolucion.adicionales, posicion] : devolucion.adicionales.filter((i) => i !== posicion),
    });
  const libres = adicionales.filter((a) => !a.devuelto);
  return (
    <FormDialog
      name="devolucion"
      titleKey={venta.id}
      title={`Devolver productos de la venta ${ventaNumero(venta, venta.id)}`}
      formLabel="Devolver productos"
      onClose={onClose}
      send={async () => {
        const body = devolucionBody(venta, devolucion, admin);
        try {
          return await devolver({ idMovimiento: venta.id, body, idempotencyKey }).unwrap();
        } catch (error) {
          // More money out than the drawer should hold: the server says so, the cashier decides.
          if (!pideConfirmar(error)) throw error;
          const texto = (error as { data?: { mensaje?: string } }).data?.mensaje ?? '';
          if (!(await confirmWith(confirmation(TITLES.cajaCorta, texto, DEVOLVER_IGUAL)))) throw DECLINED;
          const confirmado = { ...body, confirmado: true };
          return await devolver({ idMovimiento: venta.id, body: confirmado, idempotencyKey }).unwrap();
        }
      }}
      saved={(answer) => {
        const reintegro = centsOf(answer.movimiento?.total ?? 0);
        void alert('success', TITLES.devuelto, MESSAGES.registrado(answer.mensaje, reintegro));
      }}
      refused={refused}
      submit={{ label: 'Devolver', className: 'btn-danger', problems, sending: sending.isLoading }}
    >
      <p className="mb-3" data-testid="devolucion-resumen">
        {venta.paciente?.nombreCompleto ?? 'Sin paciente'} · {formatFecha(venta.fecha)} · {venta.local?.nombre ?? ''}
        <br />
        Total {money(venta.total)}
        {venta.descuento ? ` (descuento ${formatPorcentaje(Math.round(venta.descuento * 100))})` : ''} · Debe{' '}
        {money(venta.deuda)}
      </p>
      <Choices legend="Productos">
        {productos.map((p) => (
          <QuantityRow
            key={p.productoId}
            id={`devolver-${p.productoId}`}
            modelo={p.modelo}
            marca={p.marca}
            note={`Vendidas ${formatEntero(p.vendidas)} · quedan ${formatEntero(p.quedan)}`}
            value={devolucion.cantidades[p.productoId] ?? ''}
            onValueChange={(text) => set({ cantidades: { ...devolucion.cantidades, [p.productoId]: text } })}
            disabled={p.quedan === 0}
            placeholder="0"
            inputLabel={`Unidades de ${p.modelo} a devolver`}
          />
        ))}
      </Choices>
      <Choices legend="Detalles">
        {libres.map((a) => (
          <CheckField
            key={a.posicion}
            id={`devolverAdicional-${a.posicion}`}
            label={`${a.descripcion} · ${formatPesos(a.subtotal)}`}
            checked={devolucion.adicionales.includes(a.posicion)}
            onChange={(on) => toggle(a.posicion, on)}
          />
        ))}
      </Choices>
      <MetodoField
        id="devolucionMetodo"
        label="Medio de pago del reintegro"
        metodos={metodos}
        {...bind('metodoPagoId')}
      />
      <details className="mb-3" open={devolucion.otroMetodoId > 0}>
        <summary className="small">Repartir el reintegro en otro medio</summary>
        <div className="row g-2 mt-1">
          <div className="col-sm-6">
            <SelectField
              id="devolucionOtroMetodo"
              label="Segundo medio"
              className="mb-2"
              options={[{ value: 0, label: 'Ninguno' }, ...metodos.map((m) => ({ value: m.id, label: m.nombre }))]}
              {...bind('otroMetodoId')}
            />
          </div>
          <div className="col-sm-6">
            <Field id="devolucionOtroMonto" label="Devuelto por el segundo medio">
              <PesosInput
                id="devolucionOtroMonto"
                value={devolucion.otroMonto}
                onValueChange={(otroMonto) => set({ otroMonto })}
                placeholder="0,00"
              />
            </Field>
          </div>
        </div>
        {partes && partes.primero > 0 && <p className="small mb-0 mt-1">{MESSAGES.resto(partes.primero)}</p>}
      </details>
      <BranchField
        id="devolucionLocal"
        label="Local que recibe la devolución"
        admin={admin}
        ownLocalId={ownLocalId}
        locales={locales}
        own={(nombre) => (
          <p className="text-muted small">
            Se devuelve en la caja de hoy de {nombre}: las unidades vuelven a su stock.
          </p>
        )}
        {...bind('localId')}
      />
      <div className="border rounded p-2 bg-light" data-testid="devolucion-estimada" aria-live="polite">
        <strong className="fs-5">{MESSAGES.reintegro(estimacion.reintegro)}</strong>
        {estimacion.credito > 0 && <div className="small">{MESSAGES.credito(estimacion.credito)}</div>}
        <div className="small text-muted">{MESSAGES.estimado}</div>
      </div>
    </FormDialog>
  );
}
