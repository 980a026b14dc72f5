// Fills the shared product fields the way a user does: category first, then the rest.
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export const list = (testId: string) => within(screen.getByTestId(testId));

export async function fillSharedFields(user: UserEvent) {
  await user.click(await list('categorias').findByLabelText('Sol'));
  await user.click(await list('marcas').findByLabelText('Vulk'));
  await user.type(screen.getByLabelText('Costo'), '10');
  await user.click(await screen.findByLabelText('Centro'));
  await user.click(await list('proveedores').findByLabelText('Visión'));
}
