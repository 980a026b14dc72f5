import { useEffect, useRef, useState } from 'react';
import { errorText, handledElsewhere } from '../api/base';
import {
  useAbrirCajaMutation,
  useCajaDiaQuery,
  useCerrarCajaMutation,
  useReabrirCajaMutation,
  useReporteCajaMutation,
  type CajaDia,
  type CajaGuardada,
  type DiaCaja,
} from '../api/closings';
import { alert, confirm } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { refuser } from '../app/refusals';
import { formatFecha } from '../lib/dates';
import { inMethodOrder, usePaymentMethods } from '../ui/paymentMethods';
import { SavingOverlay } from '../ui/SavingOverlay';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { ClosedDay } from './ClosedDay';
import { CountForm } from './CountForm';
import { DayFigures } from './DayFigures';
import { ExpectedBreakdown } from './ExpectedBreakdown';
import { FloatFigures } from './FloatFigures';
import { useActionKey } from '../ui/useActionKey';
import { FloatForm } from './FloatForm';
import { closeConfirm, MESSAGES, REOPEN_CONFIRM, TITLES } from './messages';
import {
  abreDetalle,
  aperturaBody,
  aperturaProblems,
  cierreBody,
  conteoEspera,
  conteoResumen,
  conteoTexts,
  esperaMotivo,
  estadoLabel,
  filas,
  fondoFilas,
  fondoTexts,
  lineasDelFondo,
  reaperturaBody,
  reaperturaProblems,
  type Fila,
} from './rules';

interface Props {
  dia: DiaCaja;
  admin: boolean;
  /** Today, `yyyy-MM-dd`. */
  hoy: string;
  /** Told whether a count or a reason is typed and not sent. */
  onDirtyChange: (dirty: boolean) => void;
}

/** A branch's day as the server has it, and what can be done with it in its state. */
export function CashDay({ dia, admin, hoy, onDirtyChange }: Props) {
  // Read again on arrival: sales may have changed the day since.
  const query = useCajaDiaQuery(dia, { refetchOnMountOrArgChange: true });
  const metodos = usePaymentMethods();
  if (query.isError) {
    if (handledElsewhere(query.error)) return null;
    return <p className="alert alert-danger">{errorText(query.error) ?? MESSAGES.diaFallo}</p>;
  }
  if (!query.currentData) return <p className="text-muted">{MESSAGES.cargando}</p>;
  // The server answers the day's methods by name; every screen shows them in its list's order.
  const caja = {
    ...query.currentData,
    metodos: inMethodOrder(query.currentData.metodos, metodos, (m) => ({ id: m.metodoPagoId, nombre: m.metodoPago })),
  };
  return (
    <DayView caja={caja} admin={admin} hoy={hoy} onDirtyChange={onDirtyChange} reload={() => void query.refetch()} />
  );
}

const BADGES: Record<string, string> = {
  SIN_ABRIR: 'text-bg-secondary',
  ABIERTA: 'text-bg-success',
  CERRADA: 'text-bg-dark',
};

/** How a refused command is told: the server's list of reasons, or its message. */
const refused = refuser(TITLES, MESSAGES);

interface ViewProps extends Omit<Props, 'dia'> {
  caja: CajaDia;
  /** Reads the day again: after a refusal, it may have changed meanwhile (closed elsewhere). */
  reload: () => void;
}

function DayView({ caja, admin, hoy, onDirtyChange, reload }: ViewProps) {
  const dia = { localId: caja.localId, fecha: caja.fecha };
  const [fondo, setFondo] = useState(() => fondoTexts(caja));
  const [conteo, setConteo] = useState(() => conteoTexts(caja));
  const [motivo, setMotivo] = useState('');
  const [reopenMotivo, setReopenMotivo] = useState('');
  const [mensaje, setMensaje] = useState<string | null>(null);
  /** The line (`lineaKey`) whose expected figure is opened, if any. */
  const [detalle, setDetalle] = useState<string | null>(null);
  const [abrir, abriendo] = useAbrirCajaMutation();
  const [cerrar, cerrando] = useCerrarCajaMutation();
  const [reabrir, reabriendo] = useReabrirCajaMutation();
  const [imprimir, imprimiendo] = useReporteCajaMutation();
  const mensajeRef = useRef<HTMLDivElement>(null);

  const cerrada = caja.estado === 'CERRADA';
  const dirty =
    (!cerrada && (changed(fondoTexts(caja), fondo) || changed(conteoTexts(caja), conteo))) ||
    motivo.trim() !== '' ||
    reopenMotivo.trim() !== '';
  // Nothing navigates after a send: the forms start again from the answer, so dirty turns false.
  useUnsavedChanges(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  useEffect(() => {
    if (mensaje) mensajeRef.current?.scrollIntoView?.({ block: 'center' });
  }, [mensaje]);

  // A count sent again after a lost answer is the same count: recorded once.
  const actionKey = useActionKey();
  const keyed = <Body,>(command: string, body: Body) => ({
    ...dia,
    body,
    idempotencyKey: actionKey.keyFor({ command, dia, body }),
  });

  /** After a command, the forms start again from the day as it now stands. */
  const restart = (next: CajaDia) => {
    setFondo(fondoTexts(next));
    setConteo(conteoTexts(next));
  };

  const send = async (command: () => Promise<CajaGuardada>, done: (answer: CajaGuardada) => void) => {
    try {
      const answer = await command();
      actionKey.done();
      restart(answer.caja);
      done(answer);
    } catch (error) {
      if (handledElsewhere(error)) return;
      refused(error);
      reload();
    }
  };

  const open = () =>
    send(
      () => abrir(keyed('apertura', aperturaBody(caja, fondo))).unwrap(),
      (answer) => void alert('success', TITLES.abierta, answer.mensaje),
    );

  const count = async () => {
    const { filas: contado, total } = conteoResumen(caja, conteo);
    const asked = closeConfirm(caja.local, formatFecha(caja.fecha), contado, total, motivo.trim() !== '');
    if (!(await confirmWith(asked))) return;
    await send(
      () => cerrar(keyed('cierre', cierreBody(caja, conteo, motivo))).unwrap(),
      (answer) => {
        if (answer.caja.estado === 'CERRADA') {
          setMotivo('');
          setMensaje(null);
          void alert('success', TITLES.cerrada, answer.mensaje);
        } else {
          setMensaje(answer.mensaje);
        }
      },
    );
  };

  const reopen = async () => {
    const { title, text, button } = REOPEN_CONFIRM;
    if (!(await confirm(title, text(caja.local, formatFecha(caja.fecha)), button))) return;
    await send(
      () => reabrir(keyed('reapertura', reaperturaBody(reopenMotivo))).unwrap(),
      (answer) => {
        setReopenMotivo('');
        void alert('success', TITLES.reabierta, answer.mensaje);
      },
    );
  };

  const print = async () => {
    try {
      await imprimir(dia).unwrap();
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.pdfFallo);
    }
  };

  /** The float's form: 'Abrir caja' on a day not opened, its correction on an open one. */
  const floatForm = (button: string) => (
    <FloatForm
      metodos={lineasDelFondo(caja)}
      value={fondo}
      onChange={setFondo}
      problems={aperturaProblems(caja, fondo, hoy)}
      button={button}
      onSubmit={open}
    />
  );

  const rows = filas(caja);
  // Found again in each answer: a recount brings the line's new figures (and a plan's closes once
  // its card is counted whole: its figure is then the card's).
  const abierta = rows.find((r) => r.key === detalle && abreDetalle(rows, r));
  const withMotivo = esperaMotivo(caja);
  const espera = conteoEspera(caja, conteo, motivo, hoy);
  const busy = abriendo.isLoading || cerrando.isLoading || reabriendo.isLoading;

  return (
    <section aria-labelledby="caja-dia-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h3 className="h5 mb-0" id="caja-dia-title">
          {caja.local} · {formatFecha(caja.fecha)}
        </h3>
        <span className={`badge ${BADGES[caja.estado] ?? 'text-bg-secondary'}`} data-testid="estado-caja">
          {estadoLabel(caja.estado)}
        </span>
        {caja.reaperturas > 0 && (
          <span className="badge text-bg-warning">
            Reabierta {caja.reaperturas} {caja.reaperturas === 1 ? 'vez' : 'veces'}
          </span>
        )}
      </div>
      {caja.motivoReapertura && (
        <p className="small">
          <span className="fw-semibold">Motivo de la última reapertura:</span> {caja.motivoReapertura}
        </p>
      )}
      {caja.metodos.length === 0 && <p className="alert alert-warning">{MESSAGES.sinMetodos}</p>}

      {caja.estado === 'SIN_ABRIR' && (
        <div className="card card-body mb-3">
          <h4 className="h6">Fondo inicial</h4>
          {floatForm('Abrir caja')}
        </div>
      )}

      {withMotivo && (
        <div ref={mensajeRef} className="alert alert-warning" role="alert">
          {mensaje ?? MESSAGES.noCoincide}
        </div>
      )}
      {rows.length > 0 && (
        <>
          {!cerrada && <p className="small text-muted mb-1">{MESSAGES.ultimoConteo}</p>}
          <DayFigures rows={rows} onEsperado={(fila: Fila) => setDetalle(fila.key)} />
          {abierta && (
            <ExpectedBreakdown
              key={`${abierta.key}-${caja.conteos}`}
              dia={dia}
              fila={abierta}
              rows={rows}
              onClose={() => setDetalle(null)}
            />
          )}
        </>
      )}
      {cerrada && caja.motivo && (
        <p>
          <span className="fw-semibold">Motivo de la diferencia:</span> {caja.motivo}
        </p>
      )}

      {caja.estado === 'ABIERTA' && rows.length === 0 && <FloatFigures rows={fondoFilas(caja)} />}
      {caja.estado === 'ABIERTA' && (
        <>
          <div className="card card-body mb-3">
            <h4 className="h6">{rows.length > 0 ? 'Conteo' : 'Conteo a ciegas'}</h4>
            <CountForm
              metodos={caja.metodos}
              value={conteo}
              onChange={setConteo}
              withMotivo={withMotivo}
              motivo={motivo}
              onMotivo={setMotivo}
              problems={espera.problems}
              pending={espera.pending}
              onSubmit={() => void count()}
            />
          </div>
          <details className="card card-body mb-3">
            <summary className="fw-semibold">Fondo inicial (corregir)</summary>
            <div className="mt-3">{floatForm('Corregir fondo')}</div>
          </details>
        </>
      )}

      {cerrada && (
        <ClosedDay
          admin={admin}
          printing={imprimiendo.isLoading}
          onPrint={print}
          reopenMotivo={reopenMotivo}
          onReopenMotivo={setReopenMotivo}
          reopenProblems={reaperturaProblems(reopenMotivo)}
          onReopen={reopen}
        />
      )}
      <SavingOverlay show={busy} label={MESSAGES.enviando} />
    </section>
  );
}
