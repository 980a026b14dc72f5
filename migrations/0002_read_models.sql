-- Read models: written only by the projector (projections/), read by query/.

-- One checkpoint per projection: the (transaction id, position) of the last applied event.
CREATE TABLE projection_checkpoints
(
    name          text PRIMARY KEY,
    last_tx       bigint      NOT NULL DEFAULT 0,
    last_position bigint      NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The six catalogue lookups (categorias, marcas, materiales, métodos de pago, locales, proveedores).
CREATE TABLE lookup_items
(
    kind      text   NOT NULL,
    id        bigint NOT NULL,
    nombre    text   NOT NULL,
    direccion text,
    celular   text,
    PRIMARY KEY (kind, id)
);
CREATE INDEX lookup_items_kind_nombre ON lookup_items (kind, lower(nombre));

CREATE TABLE users
(
    id            bigint PRIMARY KEY,
    username      text    NOT NULL UNIQUE,
    password_hash text    NOT NULL,
    roles         text[]  NOT NULL DEFAULT '{}',
    local_id      bigint,
    enabled       boolean NOT NULL DEFAULT true
);
CREATE INDEX users_local ON users (local_id);
