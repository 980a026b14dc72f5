//! The product body the web apps send, and its conversion into the product's data with the rules
//! that need other records: the lookups it names exist, the cristal category stands alone.

use optica_command::products::NewProduct;
use optica_command::products::{self, LocalStock, ProductoError};
use optica_events::{LookupKind, Money, ProductoDatos};
use serde::Deserialize;

use crate::error::texts;
use crate::http::kit::lenient::{opt_i64, IdRef};
use crate::http::kit::references::Referenced;

/// A branch and its stock in a product body.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ProductoLocalBody {
    pub local: Option<IdRef>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub stock: Option<i64>,
}

/// A product as the web app sends it for create, bulk create and edit. Ids, `creadoEn` and
/// `ultimaActualizacion` in the body are ignored: the server assigns them.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductoBody {
    pub modelo: Option<String>,
    pub marca: Option<IdRef>,
    pub categorias: Option<Vec<IdRef>>,
    pub material: Option<IdRef>,
    pub genero: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub costo: Option<Money>,
    #[schema(value_type = Option<f64>)]
    pub precio: Option<Money>,
    pub descripcion: Option<String>,
    /// Branches and their stock; on an edit, `null` leaves them unchanged.
    pub producto_locales: Option<Vec<ProductoLocalBody>>,
    pub proveedores: Option<Vec<IdRef>>,
    /// On an edit: the version the form loaded (409 when the product changed since).
    pub version: Option<u64>,
}

/// The lookup items a body names, for `Referenced::load`.
pub fn references(body: &ProductoBody) -> impl Iterator<Item = (LookupKind, i64)> + '_ {
    let one = |kind: LookupKind, r: &Option<IdRef>| r.as_ref().and_then(IdRef::get).map(|id| (kind, id));
    let many = |kind: LookupKind, refs: &'_ Option<Vec<IdRef>>| {
        refs.iter()
            .flatten()
            .filter_map(IdRef::get)
            .map(move |id| (kind, id))
            .collect::<Vec<_>>()
    };
    let locales = body
        .producto_locales
        .iter()
        .flatten()
        .filter_map(|row| row.local.as_ref().and_then(IdRef::get))
        .map(|id| (LookupKind::Local, id));
    one(LookupKind::Marca, &body.marca)
        .into_iter()
        .chain(one(LookupKind::Material, &body.material))
        .chain(many(LookupKind::Categoria, &body.categorias))
        .chain(many(LookupKind::Proveedor, &body.proveedores))
        .chain(locales)
}

impl Prepared {
    /// The product to create (a create sets every branch it names, none when the list is null).
    pub fn new_product(self) -> NewProduct {
        NewProduct {
            datos: self.datos,
            locales: self.locales.unwrap_or_default(),
        }
    }
}

/// A body turned into the command's data.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub datos: ProductoDatos,
    pub locales: Option<Vec<LocalStock>>,
    pub version: Option<u64>,
}

/// Checks a body against every product rule and the lookups it references; answers every
/// problem in Spanish.
pub fn prepare(body: ProductoBody, lookups: &Referenced) -> Result<Prepared, Vec<String>> {
    let mut errors = Vec::new();
    let ids =
        |refs: Option<Vec<IdRef>>| -> Vec<i64> { refs.unwrap_or_default().iter().filter_map(IdRef::get).collect() };
    let categoria_ids = ids(body.categorias);
    let proveedor_ids = ids(body.proveedores);
    let marca_id = body.marca.as_ref().and_then(IdRef::get);
    let mut material_id = body.material.as_ref().and_then(IdRef::get);
    let mut genero = body.genero.unwrap_or_default();

    if categoria_ids.iter().any(|id| lookups.lens_category(*id)) {
        if categoria_ids.len() > 1 {
            errors.push("La categoría cristal no puede combinarse con otras categorías".to_string());
        }
        // Lenses have no material and no gender.
        material_id = None;
        genero.clear();
    }
    let missing = |kind: LookupKind, id: i64| !lookups.exists(kind, id);
    if marca_id.is_some_and(|id| missing(LookupKind::Marca, id)) {
        errors.push("La marca seleccionada no existe".to_string());
    }
    if material_id.is_some_and(|id| missing(LookupKind::Material, id)) {
        errors.push("El material seleccionado no existe".to_string());
    }
    if categoria_ids.iter().any(|id| missing(LookupKind::Categoria, *id)) {
        errors.push("Alguna de las categorías seleccionadas no existe".to_string());
    }
    if proveedor_ids.iter().any(|id| missing(LookupKind::Proveedor, *id)) {
        errors.push("Alguno de los proveedores seleccionados no existe".to_string());
    }
    if body.precio.is_none() {
        errors.push("El precio es obligatorio".to_string());
    }
    let locales = body.producto_locales.map(|rows| {
        rows.iter()
            .map(|row| LocalStock {
                local_id: row.local.as_ref().and_then(IdRef::get).unwrap_or(0),
                stock: row.stock.unwrap_or(0),
            })
            .collect::<Vec<_>>()
    });
    if let Some(locales) = &locales {
        if locales.iter().any(|l| missing(LookupKind::Local, l.local_id)) {
            errors.push("Alguno de los locales seleccionados no existe".to_string());
        }
        if let Err(ProductoError::Invalid(rules)) = products::validate_locales(locales) {
            errors.extend(texts(&rules));
        }
    }
    let datos = ProductoDatos {
        modelo: body.modelo.unwrap_or_default(),
        marca_id: marca_id.unwrap_or(0),
        categoria_ids,
        material_id,
        genero,
        costo: body.costo,
        precio: body.precio.unwrap_or_default(),
        descripcion: body.descripcion,
        proveedor_ids,
    };
    let datos = match products::validate(datos) {
        Ok(datos) => Some(datos),
        Err(ProductoError::Invalid(rules)) => {
            errors.extend(texts(&rules));
            None
        }
        Err(_) => None,
    };
    match datos {
        Some(datos) if errors.is_empty() => Ok(Prepared {
            datos,
            locales,
            version: body.version,
        }),
        _ => Err(errors),
    }
}
