-- Which streams are alive and which streams each stream refers to, written by the command side
-- in the transaction of each append (command/src/links.rs). The foreign key is the reference
-- check: PostgreSQL refuses to delete a referenced stream and to refer to a deleted one, also
-- when the two race. Not a read model: the projector never writes here and replay keeps it.
CREATE TABLE live_streams
(
    stream_type text NOT NULL,
    stream_id   text NOT NULL,
    PRIMARY KEY (stream_type, stream_id)
);

CREATE TABLE stream_links
(
    by_type     text NOT NULL,
    by_id       text NOT NULL,
    target_type text NOT NULL,
    target_id   text NOT NULL,
    PRIMARY KEY (by_type, by_id, target_type, target_id),
    FOREIGN KEY (target_type, target_id) REFERENCES live_streams (stream_type, stream_id)
);
-- The foreign key's check when a stream is deleted.
CREATE INDEX stream_links_target ON stream_links (target_type, target_id);

-- What exists today. Alive: every lookup, product and patient stream without a deletion, from
-- the events themselves (a read model may not have projected the newest ones yet).
INSERT INTO live_streams
SELECT aggregate_type, aggregate_id FROM events
WHERE aggregate_type IN ('Categoria', 'Marca', 'MaterialProducto', 'MetodoPago', 'Local', 'Proveedor',
                         'Producto', 'Paciente')
GROUP BY aggregate_type, aggregate_id
HAVING bool_and(event_type NOT IN ('ItemEliminado', 'ProductoEliminado', 'PacienteEliminado'));

-- The references, from the read models. References that already point nowhere (the hole this
-- table closes) are left out rather than failing the migration.

INSERT INTO stream_links
SELECT l.* FROM (
    SELECT 'Movimiento', id::text, 'Local', local_id::text FROM movements
    UNION SELECT 'Movimiento', id::text, 'Paciente', paciente_id::text FROM movements WHERE paciente_id IS NOT NULL
    UNION SELECT 'Movimiento', movimiento_id::text, 'MetodoPago', metodo_pago_id::text FROM movement_payments
    UNION SELECT 'Movimiento', movimiento_id::text, 'Producto', producto_id::text FROM movement_lines
    UNION SELECT 'Producto', id::text, 'Marca', marca_id::text FROM products
    UNION SELECT 'Producto', id::text, 'MaterialProducto', material_id::text FROM products WHERE material_id IS NOT NULL
    UNION SELECT 'Producto', producto_id::text, 'Categoria', categoria_id::text FROM product_categorias
    UNION SELECT 'Producto', producto_id::text, 'Proveedor', proveedor_id::text FROM product_proveedores
    UNION SELECT 'Producto', producto_id::text, 'Local', local_id::text FROM product_stock
    UNION SELECT 'Paciente', id::text, 'Local', local_id::text FROM patients
    UNION SELECT 'Usuario', id::text, 'Local', local_id::text FROM users WHERE local_id IS NOT NULL
) AS l(by_type, by_id, target_type, target_id)
WHERE EXISTS (SELECT 1 FROM live_streams s WHERE s.stream_type = l.target_type AND s.stream_id = l.target_id);
