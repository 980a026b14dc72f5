// The shop's public contact details, shown in the header and on the visit-us page.
// Deployments set them at build time (VITE_SHOP_* variables, see webapp/README.md); the server's
// public `GET /api/tienda` answers them too, and wins once it has (`shopContact`).
const env = import.meta.env;

export const shop = {
  name: env.VITE_SHOP_NAME ?? 'Óptica',
  instagram: env.VITE_SHOP_INSTAGRAM ?? 'https://www.instagram.com/',
  facebook: env.VITE_SHOP_FACEBOOK ?? 'https://www.facebook.com/',
  phone: env.VITE_SHOP_PHONE ?? '+54 3772 000000',
  /** Digits only, country code first, as wa.me wants it. */
  whatsapp: env.VITE_SHOP_WHATSAPP ?? '543772000000',
};

export const branches = [
  {
    name: 'La Cruz',
    description: 'Local central',
    address: env.VITE_SHOP_LA_CRUZ_ADDRESS ?? 'La Cruz, Corrientes',
    map: 'https://www.google.com/maps/search/?api=1&query=' + encodeURIComponent('Óptica La Cruz Corrientes'),
  },
  {
    name: 'Yapeyu',
    description: 'Sucursal',
    address: env.VITE_SHOP_YAPEYU_ADDRESS ?? 'Yapeyú, Corrientes',
    map: 'https://www.google.com/maps/search/?api=1&query=' + encodeURIComponent('Óptica Yapeyú Corrientes'),
  },
];

/** Digits only, country code first (wa.me's form). */
export const whatsappLink = (whatsapp: string = shop.whatsapp) => `https://wa.me/${whatsapp}`;

/** The contact fields of the server's `Tienda` (any may be missing or blank). */
export interface TiendaContacto {
  nombre?: string | null;
  telefono?: string | null;
  whatsapp?: string | null;
  instagram?: string | null;
  facebook?: string | null;
}

export type ShopContact = typeof shop;

const given = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

/** The contact details to show: the server's where it gives them, the build-time ones otherwise
 * (while it loads, when it fails, or for a field it leaves blank). */
export function shopContact(tienda: TiendaContacto | undefined): ShopContact {
  return {
    name: given(tienda?.nombre) ?? shop.name,
    instagram: given(tienda?.instagram) ?? shop.instagram,
    facebook: given(tienda?.facebook) ?? shop.facebook,
    phone: given(tienda?.telefono) ?? shop.phone,
    whatsapp: given(tienda?.whatsapp)?.replace(/\D/g, '') || shop.whatsapp,
  };
}
