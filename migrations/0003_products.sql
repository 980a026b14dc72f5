-- The catalogue: product ids and the product read models (written by projections/src/products.rs).

CREATE SEQUENCE producto_ids;

CREATE TABLE products
(
    id                   bigint PRIMARY KEY,
    modelo               text   NOT NULL,
    marca_id             bigint NOT NULL,
    -- the brand's name, kept current by the projection: the list pages order by it
    marca_nombre         text   NOT NULL DEFAULT '',
    material_id          bigint,
    genero               text   NOT NULL DEFAULT '',
    costo_cents          bigint,
    precio_cents         bigint NOT NULL,
    descripcion          text,
    creado_en            date   NOT NULL,
    ultima_actualizacion date   NOT NULL,
    -- length of the product's stream: the version a client sends back with an edit
    version              bigint NOT NULL
);
CREATE INDEX products_list_order ON products (lower(marca_nombre), lower(modelo), id);
CREATE INDEX products_brand_model ON products (marca_id, lower(modelo));
CREATE INDEX products_material ON products (material_id);

CREATE TABLE product_categorias
(
    producto_id  bigint NOT NULL REFERENCES products ON DELETE CASCADE,
    categoria_id bigint NOT NULL,
    PRIMARY KEY (producto_id, categoria_id)
);
CREATE INDEX product_categorias_categoria ON product_categorias (categoria_id);

CREATE TABLE product_proveedores
(
    producto_id  bigint NOT NULL REFERENCES products ON DELETE CASCADE,
    proveedor_id bigint NOT NULL,
    PRIMARY KEY (producto_id, proveedor_id)
);
CREATE INDEX product_proveedores_proveedor ON product_proveedores (proveedor_id);

-- Stock per (product, branch); a row means the product is offered at the branch.
CREATE TABLE product_stock
(
    producto_id bigint NOT NULL REFERENCES products ON DELETE CASCADE,
    local_id    bigint NOT NULL,
    stock       bigint NOT NULL CHECK (stock >= 0),
    PRIMARY KEY (producto_id, local_id)
);
CREATE INDEX product_stock_local ON product_stock (local_id, producto_id);

-- Cash-box movements that use a product (filled by the movements projection): while a row
-- exists the product cannot be deleted.
CREATE TABLE product_references
(
    producto_id   bigint NOT NULL,
    movimiento_id bigint NOT NULL,
    PRIMARY KEY (producto_id, movimiento_id)
);
