//! What every HTTP feature shares: how its routes are declared, how a request is read (bodies,
//! paths and queries, leniently where the existing front end sends loose values), the bounds of
//! a page, the contract's answers, and who may see a branch's record. A feature imports the kit
//! and nothing of another feature.

mod access;
mod answers;
mod endpoints;
pub mod extract;
mod fresh;
pub mod lenient;
mod paging;
pub mod references;

pub use access::{branches_of, may_see, may_see_record};
pub use answers::{pdf_download, xlsx_download, Created, Errores, Mensaje};
pub use endpoints::Endpoints;
pub(crate) use endpoints::{record_step, staff_endpoints};
pub use fresh::read_or_committed;
pub(crate) use paging::paged_query;
pub use paging::{page_index, page_size, MAX_PAGE, MAX_PAGE_SIZE};
