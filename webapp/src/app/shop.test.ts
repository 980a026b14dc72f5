import { describe, expect, it } from 'vitest';
import { shop, shopContact, whatsappLink } from './shop';

describe("the shop's contact details", () => {
  it('keeps the build-time values while the server has not answered', () => {
    expect(shopContact(undefined)).toEqual(shop);
  });

  it("takes the server's values, a blank one falling back to the build-time value", () => {
    const contact = shopContact({
      nombre: 'Óptica Sur',
      telefono: '+54 3772 123456',
      whatsapp: '+54 9 3772 123456',
      instagram: 'https://www.instagram.com/opticasur',
      facebook: '  ',
    });
    expect(contact).toEqual({
      name: 'Óptica Sur',
      phone: '+54 3772 123456',
      whatsapp: '5493772123456',
      instagram: 'https://www.instagram.com/opticasur',
      facebook: shop.facebook,
    });
    expect(whatsappLink(contact.whatsapp)).toBe('https://wa.me/5493772123456');
    expect(shopContact({ nombre: 'X', whatsapp: null, telefono: null }).whatsapp).toBe(shop.whatsapp);
  });
});
