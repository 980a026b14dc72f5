-- Whether a category's products are lenses, as the admin set it; null where the admin never
-- said (then the name decides: 'cristal').
ALTER TABLE lookup_items ADD COLUMN cristales boolean;
