// The shop's public contact details, shown in the header and on the visit-us page.
// Deployments set them at build time (VITE_SHOP_* variables, see webapp/README.md).
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

export const whatsappLink = () => `https://wa.me/${shop.whatsapp}`;
