// The floating WhatsApp button of the customers' pages.
import './whatsapp.css';

/** The class the page's main column takes while the button is shown: room under the page and,
 * from 576 px up, beside the column (see ./whatsapp.css). */
export const WHATSAPP_ROOM = 'whatsapp-room';

/** The shop's WhatsApp number as wa.me wants it (digits only), or null when it has none. */
export function whatsappNumber(tienda: { whatsapp?: string | null } | undefined): string | null {
  const digits = tienda?.whatsapp?.replace(/\D/g, '') ?? '';
  return digits === '' ? null : digits;
}

/** A round 3rem button with the WhatsApp glyph in the bottom right corner (its name, 'Escribinos
 * por WhatsApp', for screen readers and as a tooltip): small enough to stay out of the main
 * column on a desktop. */
export function WhatsappButton({ href }: { href: string }) {
  return (
    <a
      className="btn btn-success rounded-circle position-fixed bottom-0 end-0 m-3 p-0 shadow d-inline-flex align-items-center justify-content-center"
      style={{ width: '3rem', height: '3rem' }}
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label="Escribinos por WhatsApp"
      title="Escribinos por WhatsApp"
      data-testid="whatsapp"
    >
      <svg viewBox="0 0 16 16" width="22" height="22" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M13.6 2.3A7.85 7.85 0 0 0 8.05 0C3.7 0 .16 3.54.16 7.9c0 1.4.36 2.75 1.06 3.95L.1 16l4.25-1.1a7.9 7.9 0 0 0 3.7.94h.01c4.35 0 7.9-3.54 7.9-7.9 0-2.1-.82-4.08-2.31-5.58zM8.05 14.5a6.55 6.55 0 0 1-3.35-.92l-.24-.14-2.52.66.67-2.46-.16-.25a6.5 6.5 0 0 1-1-3.49c0-3.62 2.95-6.57 6.6-6.57a6.55 6.55 0 0 1 6.57 6.58c0 3.63-2.95 6.59-6.57 6.59zm3.6-4.92c-.2-.1-1.17-.58-1.35-.64-.18-.07-.32-.1-.45.1-.13.2-.51.64-.63.78-.11.13-.23.15-.43.05-.2-.1-.83-.3-1.59-.98-.59-.52-.98-1.17-1.1-1.37-.11-.2-.01-.3.09-.4.09-.09.2-.23.3-.35.1-.12.13-.2.2-.33.06-.13.03-.25-.02-.35-.05-.1-.45-1.08-.61-1.48-.16-.39-.33-.33-.45-.34h-.39a.74.74 0 0 0-.53.25c-.18.2-.7.68-.7 1.66s.72 1.93.82 2.06c.1.13 1.41 2.15 3.41 3.02.48.2.85.33 1.14.42.48.15.91.13 1.26.08.38-.06 1.17-.48 1.34-.94.16-.46.16-.86.11-.94-.05-.08-.18-.13-.38-.23z" />
      </svg>
    </a>
  );
}
