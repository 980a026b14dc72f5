import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useStockExcelMutation } from '../api/products';
import { alert } from '../app/alerts';
import { MESSAGES, TITLES } from './messages';
import { stockFileName } from './rules';

/** The 'Generar Stock del Local' dialog: pick a branch, download its stock workbook. A plain
 * React modal, so no Bootstrap script is needed. */
export function StockExcelModal({ onClose }: { onClose: () => void }) {
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const [localId, setLocalId] = useState('');
  const [generate, { isLoading }] = useStockExcelMutation();

  const submit = async () => {
    const local = locales.find((l) => String(l.id) === localId);
    if (!local) {
      void alert('warning', TITLES.atencion, MESSAGES.sinLocal);
      return;
    }
    try {
      await generate({ localId: local.id, fileName: stockFileName(local.nombre) }).unwrap();
      void alert('success', TITLES.exito, MESSAGES.excelGenerado);
      onClose();
    } catch (error) {
      if (!handledElsewhere(error)) {
        void alert('error', TITLES.error, MESSAGES.excelFallo);
      }
    }
  };

  return (
    <>
      <div className="modal d-block" tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby="stock-modal-title">
        <div className="modal-dialog">
          <div className="modal-content">
            <div className="modal-header">
              <h5 className="modal-title" id="stock-modal-title">
                Seleccionar Local
              </h5>
              <button type="button" className="btn-close" aria-label="Cerrar" onClick={onClose} />
            </div>
            <div className="modal-body">
              <label htmlFor="stock-local" className="form-label">
                Local
              </label>
              <select
                id="stock-local"
                className="form-select"
                value={localId}
                onChange={(e) => setLocalId(e.target.value)}
              >
                <option value="">Seleccione un local</option>
                {locales.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.nombre}
                  </option>
                ))}
              </select>
            </div>
            <div className="modal-footer">
              <button type="button" className="btn btn-secondary" onClick={onClose}>
                Cancelar
              </button>
              <button type="button" className="btn btn-success" disabled={isLoading} onClick={submit}>
                Generar Excel
              </button>
            </div>
          </div>
        </div>
      </div>
      <div className="modal-backdrop show" />
    </>
  );
}
