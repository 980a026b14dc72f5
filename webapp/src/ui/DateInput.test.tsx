import { fireEvent, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateInput } from './DateInput';

/** A form with one date, its value shown as the parent keeps it, 'Buscar' and 'Limpiar'. */
function Form({
  initial = '',
  withTime = false,
  onSubmit = () => {},
}: {
  initial?: string;
  withTime?: boolean | 'seconds';
  onSubmit?: () => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="fecha">Fecha</label>
      <DateInput id="fecha" value={value} withTime={withTime} onValueChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="submit">Buscar</button>
      <button type="button" onClick={() => setValue('')}>
        Limpiar
      </button>
      <button type="button" onClick={() => setValue('2024-12-31')}>
        Cargar
      </button>
    </form>
  );
}

const field = () => screen.getByLabelText<HTMLInputElement>('Fecha');
const kept = () => screen.getByTestId('value').textContent;
/** Types `text` over what the field holds. */
async function retype(user: UserEvent, text: string) {
  await user.clear(field());
  await user.type(field(), text);
}

describe('DateInput', () => {
  it('shows the ISO value as dd/mm/aaaa, whatever the browser language', () => {
    render(<Form initial="2026-03-05" />);
    expect(field().value).toBe('05/03/2026');
    expect(field().type).toBe('text');
    expect(field().placeholder).toBe('dd/mm/aaaa');
  });

  it('keeps the ISO value of what is typed day first, and shows dd/mm/aaaa once left', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(field(), '5/3/2026');
    expect(kept()).toBe('2026-03-05');
    expect(field().value).toBe('5/3/2026');
    await user.tab();
    expect(field().value).toBe('05/03/2026');
    expect(field().getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses a day that does not exist, saying why, and the form is not submitted with it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(field(), '31/02/2026');
    await user.tab();
    expect(field().value).toBe('31/02/2026');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    screen.getByText('31/02/2026 no existe: febrero de 2026 tiene 28 días.');
    expect(field().validationMessage).toBe('31/02/2026 no existe: febrero de 2026 tiene 28 días.');
    expect(kept()).toBe('31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await retype(user, '28-02-2026');
    expect(kept()).toBe('2026-02-28');
    expect(field().validationMessage).toBe('');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('shows what the parent sets: a value loaded or filters cleared', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.type(field(), '1/1/2025');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(field().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    expect(field().value).toBe('31/12/2024');
  });

  it('writes a day chosen in the calendar as dd/mm/aaaa; the button can be reached with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const calendar = screen.getByRole('button', { name: 'Elegir en el calendario' });
    await user.click(field());
    await user.tab();
    expect(document.activeElement).toBe(calendar);
    const picker = document.querySelector<HTMLInputElement>('input[type=date]')!;
    expect(picker.tabIndex).toBe(-1);
    fireEvent.change(picker, { target: { value: '2026-07-09' } });
    expect(field().value).toBe('09/07/2026');
    expect(kept()).toBe('2026-07-09');
  });

  it('with the time, shows and reads dd/mm/aaaa hh:mm and needs the time', async () => {
    const user = userEvent.setup();
    render(<Form initial="2025-06-01T09:15" withTime />);
    expect(field().value).toBe('01/06/2025 09:15');
    await retype(user, '2/6/2025 8:05');
    expect(kept()).toBe('2025-06-02T08:05');
    await user.tab();
    expect(field().value).toBe('02/06/2025 08:05');
    await retype(user, '02/06/2025');
    screen.getByText('Falta la hora (hh:mm, por ejemplo 09:30).');
  });

  it('to the second, shows and reads dd/mm/aaaa hh:mm:ss, and the calendar keeps the seconds', async () => {
    const user = userEvent.setup();
    render(<Form initial="2025-06-01T09:15:30" withTime="seconds" />);
    expect(field().value).toBe('01/06/2025 09:15:30');
    expect(field().placeholder).toBe('dd/mm/aaaa hh:mm:ss');
    await retype(user, '2/6/2025 8:05');
    expect(kept()).toBe('2025-06-02T08:05:00');
    await user.tab();
    expect(field().value).toBe('02/06/2025 08:05:00');
    const picker = document.querySelector<HTMLInputElement>('input[type=datetime-local]')!;
    expect(picker.step).toBe('1');
    fireEvent.change(picker, { target: { value: '2025-07-04T18:20:45' } });
    expect(field().value).toBe('04/07/2025 18:20:45');
    expect(kept()).toBe('2025-07-04T18:20:45');
    fireEvent.change(picker, { target: { value: '2025-07-04T18:21' } });
    expect(kept()).toBe('2025-07-04T18:21:00');
  });
});
