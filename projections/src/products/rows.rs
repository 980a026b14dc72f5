//! The catalogue tables of the products one batch touches, held in memory: loaded with one query
//! per table, changed event by event exactly as the row-at-a-time statements would, and written
//! back with one statement per table.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::NaiveDate;
use optica_events::ProductoDatos;
use sqlx::PgConnection;

use super::ProductChange;
use crate::ProjectionError;

#[derive(Clone, Debug, sqlx::FromRow)]
struct ProductRow {
    modelo: String,
    marca_id: i64,
    marca_nombre: String,
    material_id: Option<i64>,
    genero: String,
    costo_cents: Option<i64>,
    precio_cents: i64,
    descripcion: Option<String>,
    creado_en: NaiveDate,
    ultima_actualizacion: NaiveDate,
    version: i64,
}

/// One product's rows across the four tables; `row: None` means it has none (never created, or
/// deleted, which takes the rest with it).
#[derive(Clone, Debug, Default)]
struct Product {
    row: Option<ProductRow>,
    categorias: Vec<i64>,
    proveedores: Vec<i64>,
    stock: BTreeMap<i64, i64>,
    /// Reorder points of branches in `stock`.
    minimos: BTreeMap<i64, i64>,
}

pub struct ProductRows {
    products: HashMap<i64, Product>,
    /// Products whose stream starts in this batch: they have no rows to load or delete yet (a
    /// replay's batches are mostly these).
    fresh: HashSet<i64>,
    /// Brand names as the lookups projection holds them, for created and edited products.
    brand_names: HashMap<i64, String>,
    /// The last rename per brand, for the rows of products this batch does not touch.
    renames: BTreeMap<i64, String>,
}

impl ProductRows {
    /// Loads the rows of every product the changes name, and the names of the brands they use.
    pub async fn load(conn: &mut PgConnection, changes: &[(i64, ProductChange)]) -> Result<Self, ProjectionError> {
        // A product first named by its creation, the first event of its stream, is new.
        let mut named: HashSet<i64> = HashSet::new();
        let mut fresh: HashSet<i64> = HashSet::new();
        for (sequence, change) in changes {
            let Some(id) = change.product_id() else { continue };
            if named.insert(id) && *sequence == 1 && matches!(change, ProductChange::Insert { .. }) {
                fresh.insert(id);
            }
        }
        let mut ids: Vec<i64> = named.iter().filter(|id| !fresh.contains(id)).copied().collect();
        ids.sort_unstable();
        let brands: Vec<i64> = changes
            .iter()
            .filter_map(|(_, c)| match c {
                ProductChange::Insert { datos, .. } | ProductChange::Update { datos, .. } => Some(datos.marca_id),
                _ => None,
            })
            .collect();
        let mut products: HashMap<i64, Product> = named.iter().map(|id| (*id, Product::default())).collect();
        load_existing(conn, &ids, &mut products).await?;
        let brand_names = brand_names(conn, &brands).await?;
        Ok(ProductRows {
            products,
            fresh,
            brand_names,
            renames: BTreeMap::new(),
        })
    }

    /// One event's change, as the single-row statements of the products projection would make it.
    pub fn apply(&mut self, sequence: i64, change: ProductChange) {
        let id = match change {
            ProductChange::BrandName { marca_id, nombre } => {
                for product in self.products.values_mut() {
                    if let Some(row) = product.row.as_mut().filter(|r| r.marca_id == marca_id) {
                        row.marca_nombre = nombre.clone();
                    }
                }
                self.renames.insert(marca_id, nombre);
                return;
            }
            ProductChange::Insert { id, datos, fecha } | ProductChange::Update { id, datos, fecha } => {
                let marca_nombre = self.brand_names.get(&datos.marca_id).cloned().unwrap_or_default();
                let product = self.products.entry(id).or_default();
                write_datos(product, datos, marca_nombre, fecha, sequence);
                id
            }
            ProductChange::Precio { id, cents, fecha } => {
                if let Some(row) = self.row(id) {
                    row.precio_cents = cents;
                    row.ultima_actualizacion = fecha;
                }
                id
            }
            ProductChange::Costo { id, cents, fecha } => {
                if let Some(row) = self.row(id) {
                    row.costo_cents = Some(cents);
                    row.ultima_actualizacion = fecha;
                }
                id
            }
            ProductChange::AddLocal { id, local_id } => {
                let product = self.products.entry(id).or_default();
                if product.row.is_some() {
                    product.stock.entry(local_id).or_insert(0);
                }
                id
            }
            ProductChange::RemoveLocal { id, local_id } => {
                let product = self.products.entry(id).or_default();
                product.stock.remove(&local_id);
                product.minimos.remove(&local_id);
                id
            }
            ProductChange::Minimo { id, local_id, minimo } => {
                let product = self.products.entry(id).or_default();
                match minimo {
                    Some(m) if product.stock.contains_key(&local_id) => {
                        product.minimos.insert(local_id, m);
                    }
                    _ => {
                        product.minimos.remove(&local_id);
                    }
                }
                id
            }
            ProductChange::Stock { id, local_id, stock } => {
                if let Some(s) = self.products.entry(id).or_default().stock.get_mut(&local_id) {
                    *s = stock;
                }
                id
            }
            ProductChange::Delete { id } => {
                self.products.insert(id, Product::default());
                id
            }
        };
        // Every product event moves the version the next edit must send back.
        if let Some(row) = self.row(id) {
            row.version = sequence;
        }
    }

    fn row(&mut self, id: i64) -> Option<&mut ProductRow> {
        self.products.get_mut(&id).and_then(|p| p.row.as_mut())
    }

    /// Replaces the touched products' rows and renames the untouched products of renamed brands.
    pub async fn write(self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        let touched: Vec<i64> = self.products.keys().copied().collect();
        let stale: Vec<i64> = touched.iter().filter(|id| !self.fresh.contains(id)).copied().collect();
        if !stale.is_empty() {
            for table in ["product_categorias", "product_proveedores", "product_stock"] {
                execute!(conn, &format!("delete from {table} where producto_id = any($1)"); &stale)?;
            }
            execute!(conn, "delete from products where id = any($1)"; &stale)?;
        }
        let mut c = Columns::default();
        for (id, product) in self.products {
            let Some(row) = product.row else { continue };
            c.id.push(id);
            c.modelo.push(row.modelo);
            c.marca_id.push(row.marca_id);
            c.marca_nombre.push(row.marca_nombre);
            c.material_id.push(row.material_id);
            c.genero.push(row.genero);
            c.costo.push(row.costo_cents);
            c.precio.push(row.precio_cents);
            c.descripcion.push(row.descripcion);
            c.creado_en.push(row.creado_en);
            c.ultima.push(row.ultima_actualizacion);
            c.version.push(row.version);
            for categoria in product.categorias {
                c.categoria.push((id, categoria));
            }
            for proveedor in product.proveedores {
                c.proveedor.push((id, proveedor));
            }
            for (local_id, stock) in product.stock {
                c.stock_id.push(id);
                c.stock_local.push(local_id);
                c.stock.push(stock);
                c.stock_minimo.push(product.minimos.get(&local_id).copied());
            }
        }
        execute!(
            conn,
            "insert into products (id, modelo, marca_id, marca_nombre, material_id, genero, costo_cents, precio_cents,
                                   descripcion, creado_en, ultima_actualizacion, version)
             select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::bigint[], $6::text[],
                                  $7::bigint[], $8::bigint[], $9::text[], $10::date[], $11::date[], $12::bigint[])";
            &c.id, &c.modelo, &c.marca_id, &c.marca_nombre, &c.material_id, &c.genero, &c.costo, &c.precio,
            &c.descripcion, &c.creado_en, &c.ultima, &c.version
        )?;
        for (table, column, pairs) in [
            ("product_categorias", "categoria_id", &c.categoria),
            ("product_proveedores", "proveedor_id", &c.proveedor),
        ] {
            let (ids, values): (Vec<i64>, Vec<i64>) = pairs.iter().copied().unzip();
            execute!(
                conn,
                &format!(
                "insert into {table} (producto_id, {column}) select * from unnest($1::bigint[], $2::bigint[])"
            );
                &ids, &values
            )?;
        }
        execute!(
            conn,
            "insert into product_stock (producto_id, local_id, stock, minimo)
             select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[])";
            &c.stock_id, &c.stock_local, &c.stock, &c.stock_minimo
        )?;
        if self.renames.is_empty() {
            return Ok(());
        }
        let (marcas, nombres): (Vec<i64>, Vec<String>) = self.renames.into_iter().unzip();
        execute!(
            conn,
            "update products p set marca_nombre = r.nombre
             from unnest($1::bigint[], $2::text[]) as r(marca_id, nombre)
             where p.marca_id = r.marca_id and p.id <> all($3)";
            &marcas, &nombres, &touched
        )?;
        Ok(())
    }
}

/// A create or an edit: an edit keeps the creation date (and, until the version update that
/// follows every event, the version).
fn write_datos(product: &mut Product, datos: ProductoDatos, marca_nombre: String, fecha: NaiveDate, sequence: i64) {
    let (creado_en, version) = product
        .row
        .as_ref()
        .map_or((fecha, sequence), |r| (r.creado_en, r.version));
    product.row = Some(ProductRow {
        modelo: datos.modelo,
        marca_id: datos.marca_id,
        marca_nombre,
        material_id: datos.material_id,
        genero: datos.genero,
        costo_cents: datos.costo.map(|c| c.cents()),
        precio_cents: datos.precio.cents(),
        descripcion: datos.descripcion,
        creado_en,
        ultima_actualizacion: fecha,
        version,
    });
    product.categorias = datos.categoria_ids;
    product.proveedores = datos.proveedor_ids;
}

/// The rows the tables hold of the products `ids` (none are new), into `products`.
async fn load_existing(
    conn: &mut PgConnection,
    ids: &[i64],
    products: &mut HashMap<i64, Product>,
) -> Result<(), ProjectionError> {
    if ids.is_empty() {
        return Ok(());
    }
    let rows: Vec<(i64, ProductRow)> = sqlx::query_as::<_, ProductRowWithId>(
        "select id, modelo, marca_id, marca_nombre, material_id, genero, costo_cents, precio_cents, descripcion,
                creado_en, ultima_actualizacion, version
         from products where id = any($1)",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await?
    .into_iter()
    .map(|r| (r.id, r.row))
    .collect();
    for (id, row) in rows {
        products.entry(id).or_default().row = Some(row);
    }
    let pairs = |table: &str, column: &str| {
        format!("select producto_id, {column} from {table} where producto_id = any($1) order by producto_id, {column}")
    };
    for (id, categoria) in sqlx::query_as::<_, (i64, i64)>(&pairs("product_categorias", "categoria_id"))
        .bind(ids)
        .fetch_all(&mut *conn)
        .await?
    {
        products.entry(id).or_default().categorias.push(categoria);
    }
    for (id, proveedor) in sqlx::query_as::<_, (i64, i64)>(&pairs("product_proveedores", "proveedor_id"))
        .bind(ids)
        .fetch_all(&mut *conn)
        .await?
    {
        products.entry(id).or_default().proveedores.push(proveedor);
    }
    for (id, local_id, stock, minimo) in sqlx::query_as::<_, (i64, i64, i64, Option<i64>)>(
        "select producto_id, local_id, stock, minimo from product_stock where producto_id = any($1)",
    )
    .bind(ids)
    .fetch_all(&mut *conn)
    .await?
    {
        let product = products.entry(id).or_default();
        product.stock.insert(local_id, stock);
        if let Some(minimo) = minimo {
            product.minimos.insert(local_id, minimo);
        }
    }
    Ok(())
}

/// The names of `brands` as the lookups projection holds them.
async fn brand_names(conn: &mut PgConnection, brands: &[i64]) -> Result<HashMap<i64, String>, ProjectionError> {
    Ok(
        sqlx::query_as::<_, (i64, String)>("select id, nombre from lookup_items where kind = 'Marca' and id = any($1)")
            .bind(brands)
            .fetch_all(&mut *conn)
            .await?
            .into_iter()
            .collect(),
    )
}

#[derive(sqlx::FromRow)]
struct ProductRowWithId {
    id: i64,
    #[sqlx(flatten)]
    row: ProductRow,
}

/// The rows to insert, one array per column for `unnest`.
#[derive(Default)]
struct Columns {
    id: Vec<i64>,
    modelo: Vec<String>,
    marca_id: Vec<i64>,
    marca_nombre: Vec<String>,
    material_id: Vec<Option<i64>>,
    genero: Vec<String>,
    costo: Vec<Option<i64>>,
    precio: Vec<i64>,
    descripcion: Vec<Option<String>>,
    creado_en: Vec<NaiveDate>,
    ultima: Vec<NaiveDate>,
    version: Vec<i64>,
    categoria: Vec<(i64, i64)>,
    proveedor: Vec<(i64, i64)>,
    stock_id: Vec<i64>,
    stock_local: Vec<i64>,
    stock: Vec<i64>,
    stock_minimo: Vec<Option<i64>>,
}
