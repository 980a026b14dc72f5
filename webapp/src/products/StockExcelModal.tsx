import { useState } from 'react';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import { useStockExcelMutation } from '../api/products';
import { alert } from '../app/alerts';
import { named, SelectField } from '../ui/fields';
import { Modal } from '../ui/Modal';
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
    <Modal
      titleId="stock-modal-title"
      title="Seleccionar Local"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancelar
          </button>
          <button type="button" className="btn btn-success" disabled={isLoading} onClick={submit}>
            Generar Excel
          </button>
        </>
      }
    >
      <SelectField
        id="stock-local"
        label="Local"
        value={localId}
        onChange={setLocalId}
        options={[
          { value: '', label: 'Seleccione un local' },
          ...named(locales).map((o) => ({ ...o, value: String(o.value) })),
        ]}
      />
    </Modal>
  );
}
