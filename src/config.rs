//! Configuration: one command line, every option also readable from the environment
//! (documented in `.env.example`).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// The development OAuth client used when `OPTICA_OAUTH_CLIENTS` is unset.
pub const DEV_OAUTH_CLIENTS: &str = "angularapp.optica:optica-dev-secret";

#[derive(Debug, Parser)]
#[command(
    name = "optica",
    version,
    about = "Caja e inventario para ópticas con varios locales"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// PostgreSQL connection URL.
    #[arg(long, env = "DATABASE_URL", global = true, hide_env_values = true)]
    pub database_url: Option<String>,

    #[command(subcommand)]
    pub command: Option<Command>,

    /// Options of `serve`, the default command.
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Migrate the database, start the projector and serve the API and web app (default).
    Serve(Box<ServeArgs>),
    /// Apply the database migrations and exit.
    Migrate,
    /// Manage staff accounts.
    #[command(subcommand)]
    User(UserCmd),
    /// Print events of the log (oldest first), as a table or JSON lines.
    Events(EventsArgs),
    /// Rebuild read models from the events (safe while the server runs).
    Replay(ReplayArgs),
    /// Rebuild every read model aside and compare it with the live one; with --chain, check
    /// the event log's hash chain instead. Exits 1 when anything differs.
    Verify(VerifyArgs),
    /// Print an entity as it stood at a moment (now by default), rebuilt from its events.
    State(StateArgs),
}

#[derive(Debug, Clone, Args)]
pub struct StateArgs {
    /// Producto, Movimiento or Paciente.
    pub kind: String,
    pub id: String,
    /// The moment (yyyy-mm-dd, that day's start in UTC, or RFC 3339).
    #[arg(long)]
    pub at: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct EventsArgs {
    /// Entity kind (aggregate type): Producto, Movimiento, Paciente, Usuario, Local, …
    #[arg(long)]
    pub kind: Option<String>,
    /// Entity id.
    #[arg(long)]
    pub id: Option<String>,
    /// Recorded at or after (yyyy-mm-dd or RFC 3339).
    #[arg(long)]
    pub from: Option<String>,
    /// Recorded before (yyyy-mm-dd or RFC 3339).
    #[arg(long)]
    pub to: Option<String>,
    /// The acting user's name.
    #[arg(long)]
    pub user: Option<String>,
    /// One JSON object per line instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// A projection to rebuild (repeat for several): lookups, products, patients, movements, users.
    #[arg(long = "projection", conflicts_with = "all")]
    pub projections: Vec<String>,
    /// Rebuild every projection (the default).
    #[arg(long)]
    pub all: bool,
}

#[derive(Debug, Clone, Args)]
pub struct VerifyArgs {
    /// Check the event log's hash chain.
    #[arg(long)]
    pub chain: bool,
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "OPTICA_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// OAuth clients allowed to request tokens, as `id:secret,id:secret`.
    #[arg(long, env = "OPTICA_OAUTH_CLIENTS", hide_env_values = true)]
    pub oauth_clients: Option<String>,
    /// HMAC key of the access tokens; when unset, one is generated once and kept in the database.
    #[arg(long, env = "OPTICA_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Password of the first admin created on an empty database; when unset, one is generated
    /// and printed once.
    #[arg(long, env = "OPTICA_ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,
    /// Folder of the built web app to serve (index.html fallback for deep links).
    #[arg(long, env = "OPTICA_WEBAPP_DIR")]
    pub webapp_dir: Option<PathBuf>,
    /// The shop's time zone: business dates (creadoEn, "today") are taken in it.
    #[arg(long, env = "OPTICA_TIMEZONE", default_value = DEFAULT_TIMEZONE)]
    pub timezone: String,
    /// Whether a request without a token may read an order's state by its number
    /// (`GET /api/movimientos/{id}`: the status links the existing front end sends customers).
    /// It answers only the number and the state, a few dozen times a minute per address; `false`
    /// for shops whose customers only have our web app's signed links.
    #[arg(long, env = "OPTICA_NUMERIC_STATUS_LINKS", default_value_t = true, action = clap::ArgAction::Set)]
    pub numeric_status_links: bool,
    /// Addresses of the reverse proxies in front of the server, comma-separated: from them the
    /// client's address is read in `X-Forwarded-For` (for the login throttle and the status
    /// links' budget); from anyone else that header is ignored.
    #[arg(long, env = "OPTICA_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,
    #[command(flatten)]
    pub shop: ShopSettings,
    #[command(flatten)]
    pub mail: MailSettings,
    #[command(flatten)]
    pub limits: ConnectionLimits,
}

/// Where the web app is reached from outside, when `OPTICA_PUBLIC_URL` is unset.
pub const DEFAULT_PUBLIC_URL: &str = "http://localhost:8080";

/// The customer notices: the web app's public address (the order links in messages)
/// and the mail server, if the shop has one. Without `OPTICA_SMTP_URL` no mail is sent and the
/// screens offer WhatsApp only.
#[derive(Debug, Clone, Args)]
pub struct MailSettings {
    /// The address customers open the web app at (`https://optica.example.com`).
    #[arg(long = "public-url", env = "OPTICA_PUBLIC_URL", default_value = DEFAULT_PUBLIC_URL)]
    pub public_url: String,
    /// The mail server: `smtps://user:password@host:465`, `smtp://user:password@host:587?tls=required`
    /// (STARTTLS), or `smtp://host:25` for a relay on the same network. Keep it out of the
    /// repository: it holds the password.
    #[arg(long = "smtp-url", env = "OPTICA_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The sender of the notices: `Óptica Centro <avisos@optica.example.com>`.
    #[arg(long = "smtp-from", env = "OPTICA_SMTP_FROM")]
    pub smtp_from: Option<String>,
    /// Seconds before the first retry of a failed notice (doubling each time, up to an hour).
    #[arg(long = "smtp-retry-seconds", env = "OPTICA_SMTP_RETRY_SECONDS", default_value_t = 60)]
    pub retry_seconds: u64,
}

impl Default for MailSettings {
    fn default() -> Self {
        MailSettings {
            public_url: DEFAULT_PUBLIC_URL.into(),
            smtp_url: None,
            smtp_from: None,
            retry_seconds: 60,
        }
    }
}

/// The shop's public contact details, shown in the web app's header, its visit-us page and the
/// customer's order page (`GET /api/tienda`); its branches and their addresses are the branch
/// lookups'.
#[derive(Debug, Clone, Default, Args)]
pub struct ShopSettings {
    /// The shop's name.
    #[arg(long = "shop-name", env = "OPTICA_SHOP_NAME", default_value = "Óptica")]
    pub nombre: String,
    /// A phone number to call, as people read it (`+54 3772 000000`).
    #[arg(long = "shop-phone", env = "OPTICA_SHOP_PHONE")]
    pub telefono: Option<String>,
    /// The WhatsApp number, country code first (`543772000000`; other characters are dropped).
    #[arg(long = "shop-whatsapp", env = "OPTICA_SHOP_WHATSAPP")]
    pub whatsapp: Option<String>,
    /// The Instagram and Facebook pages' addresses.
    #[arg(long = "shop-instagram", env = "OPTICA_SHOP_INSTAGRAM")]
    pub instagram: Option<String>,
    #[arg(long = "shop-facebook", env = "OPTICA_SHOP_FACEBOOK")]
    pub facebook: Option<String>,
    /// The logo printed on receipts and work orders: a JPEG file.
    #[arg(long = "shop-logo", env = "OPTICA_SHOP_LOGO")]
    pub logo: Option<PathBuf>,
    /// The largest discount a seller may give, in percent (30 unless set); a larger one, or a
    /// price below what it leaves, is an admin's, with a reason.
    #[arg(long = "max-seller-discount", env = "OPTICA_MAX_SELLER_DISCOUNT",
          value_parser = clap::value_parser!(u8).range(0..=100))]
    pub max_seller_discount: Option<u8>,
}

impl ShopSettings {
    /// The most a seller may discount, in hundredths of a percent.
    pub fn descuento_maximo(&self) -> u32 {
        u32::from(self.max_seller_discount.unwrap_or(30)) * 100
    }
}

/// Bounds on the clients' connections (src/serve/).
#[derive(Clone, Debug, clap::Args)]
pub struct ConnectionLimits {
    /// Connections open at once; more wait until one closes.
    #[arg(long, env = "OPTICA_MAX_CONNECTIONS", default_value_t = ConnectionLimits::DEFAULT.max_connections)]
    pub max_connections: usize,
    /// Connections open at once from one client address; more are closed at once.
    #[arg(long, env = "OPTICA_CONNECTIONS_PER_ADDRESS", default_value_t = ConnectionLimits::DEFAULT.per_address)]
    pub per_address: usize,
    /// Seconds a connection gets to send a request's headers (also between kept-alive requests).
    #[arg(long, env = "OPTICA_HEADER_TIMEOUT", default_value_t = ConnectionLimits::DEFAULT.header_timeout_secs)]
    pub header_timeout_secs: u64,
    /// Seconds an answer may wait for the client to read it before the connection is closed.
    #[arg(long, env = "OPTICA_WRITE_TIMEOUT", default_value_t = ConnectionLimits::DEFAULT.write_timeout_secs)]
    pub write_timeout_secs: u64,
}

impl ConnectionLimits {
    /// Below the usual limit of 1,024 open files, with room for the database pool.
    pub const DEFAULT: ConnectionLimits = ConnectionLimits {
        max_connections: 512,
        per_address: 128,
        header_timeout_secs: 10,
        write_timeout_secs: 30,
    };
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits::DEFAULT
    }
}

/// Where the shop is (Argentina, UTC-3 without daylight saving).
pub const DEFAULT_TIMEZONE: &str = "America/Argentina/Buenos_Aires";

#[derive(Debug, Subcommand)]
pub enum UserCmd {
    /// Create a staff account.
    Add {
        #[arg(long)]
        username: String,
        #[arg(long, env = "OPTICA_USER_PASSWORD", hide_env_values = true)]
        password: String,
        /// ROLE_ADMIN or ROLE_VENDEDOR (repeat for several).
        #[arg(long = "role", required = true)]
        roles: Vec<String>,
        /// The branch (local) id of a seller.
        #[arg(long = "local")]
        local_id: Option<i64>,
    },
    /// Change an account's password.
    Passwd {
        #[arg(long)]
        username: String,
        #[arg(long, env = "OPTICA_USER_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Replace an account's roles and branch.
    Roles {
        #[arg(long)]
        username: String,
        #[arg(long = "role", required = true)]
        roles: Vec<String>,
        #[arg(long = "local")]
        local_id: Option<i64>,
    },
    /// Disable an account (its logins are refused).
    Disable {
        #[arg(long)]
        username: String,
    },
    /// Enable a disabled account.
    Enable {
        #[arg(long)]
        username: String,
    },
}
