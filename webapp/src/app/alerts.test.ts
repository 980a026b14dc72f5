import { beforeEach, describe, expect, it, vi } from 'vitest';

const { fire } = vi.hoisted(() => ({ fire: vi.fn() }));
vi.mock('sweetalert2', () => ({ default: { fire } }));
// The setup mocks this module for every screen's test; here it is the subject.
vi.unmock('./alerts');

import { alert, confirm } from './alerts';

describe('alerts', () => {
  beforeEach(() => fire.mockReset().mockResolvedValue({ isConfirmed: true }));

  it('closes a message with a Spanish button, not the library’s English default', async () => {
    await alert('error', 'Error', 'No se pudo guardar');
    expect(fire).toHaveBeenCalledWith(expect.objectContaining({ confirmButtonText: 'Aceptar' }));
  });

  it('keeps a confirmation’s own words', async () => {
    await confirm('¿Eliminar?', 'No se puede deshacer', 'Sí, eliminar');
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({ confirmButtonText: 'Sí, eliminar', cancelButtonText: 'Cancelar' }),
    );
  });
});
