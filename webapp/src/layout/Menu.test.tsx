import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openPage } from '../test/page';
import { lookupAnswers, sellerToken } from '../test/seed';
import { Menu } from './Menu';

describe('the main menu', () => {
  it('collapses behind a toggler on narrow screens and closes once a screen is chosen', async () => {
    const user = userEvent.setup();
    const { router } = openPage('/inicio', [{ path: '*', element: <Menu /> }], {
      token: sellerToken(2),
      answers: lookupAnswers,
    });
    const toggler = screen.getByRole('button', { name: 'Abrir el menú' });
    const collapse = document.getElementById('menu-principal')!;
    expect(toggler.getAttribute('aria-controls')).toBe('menu-principal');
    expect(toggler.getAttribute('aria-expanded')).toBe('false');
    expect(collapse.className).toBe('collapse navbar-collapse');
    await user.click(toggler);
    expect(screen.getByRole('button', { name: 'Cerrar el menú' }).getAttribute('aria-expanded')).toBe('true');
    expect(collapse.className).toBe('collapse navbar-collapse show');
    // Stock beyond sales, beside the cash items.
    expect(screen.getByRole('link', { name: 'TRANSFERENCIAS' }).getAttribute('href')).toBe('/transferencias');
    expect(screen.getByRole('link', { name: 'REPONER' }).getAttribute('href')).toBe('/reponer');
    expect(screen.getByRole('link', { name: 'CONTEOS' }).getAttribute('href')).toBe('/conteos');
    // The lab jobs and the reminders, in one dropdown beside the cash box.
    await user.click(screen.getByRole('button', { name: 'LABORATORIO' }));
    expect(screen.getByRole('link', { name: 'TRABAJOS' }).getAttribute('href')).toBe('/trabajos');
    expect(screen.getByRole('link', { name: 'RECORDATORIOS' }).getAttribute('href')).toBe('/recordatorios');
    await user.click(screen.getByRole('link', { name: 'CAJA' }));
    expect(router.state.location.pathname).toBe('/adminitrarCaja');
    expect(collapse.className).toBe('collapse navbar-collapse');
    expect(document.querySelector('nav')!.className).toContain('navbar-expand-lg');
  });
});
