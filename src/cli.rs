//! The `optica` binary: `serve` (default), `migrate` and `user ...`.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use clap::Parser;
use optica_command::EventStore;
use optica_projections::Projector;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::auth::{parse_clients, AuthConfig};
use crate::config::{
    Cli, Command, EventsArgs, ReplayArgs, ServeArgs, StateArgs, UserCmd, VerifyArgs, DEV_OAUTH_CLIENTS,
};
use crate::support;
use crate::{db, users, AppState};

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_tracing();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: no se pudo iniciar el runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if std::env::var("OPTICA_LOG_FORMAT").as_deref() == Ok("json") {
        builder.json().init();
    } else {
        builder.init();
    }
}

async fn connect(cli: &Cli) -> Result<PgPool, String> {
    let url = cli
        .database_url
        .as_deref()
        .ok_or("DATABASE_URL no está definido (scripts/run inicia una base de datos local)")?;
    let serving = matches!(cli.command, None | Some(Command::Serve(_)));
    let pool = if serving {
        db::connect_server(url).await
    } else {
        db::connect(url).await
    };
    let pool = pool.map_err(|e| format!("no se pudo conectar a PostgreSQL: {e}"))?;
    db::migrate(&pool)
        .await
        .map_err(|e| format!("no se pudieron aplicar las migraciones: {e}"))?;
    Ok(pool)
}

async fn run(cli: Cli) -> Result<(), String> {
    let pool = connect(&cli).await?;
    match cli.command {
        None => serve(pool, cli.serve).await,
        Some(Command::Serve(args)) => serve(pool, *args).await,
        Some(Command::Migrate) => {
            println!("migraciones aplicadas");
            Ok(())
        }
        Some(Command::User(cmd)) => user(pool, cmd).await,
        Some(Command::Events(args)) => events(&pool, args).await,
        Some(Command::Replay(args)) => replay(&pool, args).await,
        Some(Command::Verify(args)) => verify(&pool, args).await,
        Some(Command::State(args)) => state(&pool, args).await,
    }
}

async fn state(pool: &PgPool, args: StateArgs) -> Result<(), String> {
    let at = args.at.as_deref().map(support::parse_instant).transpose()?;
    match crate::audit::state_at(pool, &args.kind, &args.id, at).await? {
        Some(state) => {
            println!("{}", serde_json::to_string_pretty(&state).map_err(|e| e.to_string())?);
            Ok(())
        }
        None => Err(format!("{} {} no existía en ese momento", args.kind, args.id)),
    }
}

async fn events(pool: &PgPool, args: EventsArgs) -> Result<(), String> {
    let instant = |t: Option<String>| t.as_deref().map(support::parse_instant).transpose();
    let filter = support::EventFilter {
        kind: args.kind,
        id: args.id,
        from: instant(args.from)?,
        to: instant(args.to)?,
        user: args.user,
    };
    let mut out = std::io::stdout().lock();
    support::print_events(pool, &filter, args.json, &mut out).await?;
    Ok(())
}

async fn replay(pool: &PgPool, args: ReplayArgs) -> Result<(), String> {
    let names = (!args.projections.is_empty()).then_some(args.projections.as_slice());
    let projections = support::select(names)?;
    let started = std::time::Instant::now();
    let report = support::replay(pool, &projections, false).await?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{} proyecciones reconstruidas: {} eventos en {seconds:.1} s ({:.0} eventos/s)",
        projections.len(),
        report.events,
        report.events as f64 / seconds.max(1e-9)
    );
    println!("{}", support::describe(&report));
    Ok(())
}

/// Exits 1 (through the error) when anything differs.
async fn verify(pool: &PgPool, args: VerifyArgs) -> Result<(), String> {
    if args.chain {
        let breaks = support::verify_chain(pool).await?;
        if breaks.is_empty() {
            println!("cadena de eventos íntegra");
            return Ok(());
        }
        for b in &breaks {
            eprintln!("cadena rota en {} {} #{}", b.aggregate_type, b.aggregate_id, b.sequence);
        }
        return Err(format!("{} eventos no coinciden con su cadena", breaks.len()));
    }
    let differences = support::verify(pool, false).await?;
    if differences.is_empty() {
        println!("vistas de lectura sin diferencias con los eventos");
        return Ok(());
    }
    for d in &differences {
        eprintln!(
            "{}: en vivo {} | reconstruida {}",
            d.table,
            d.live.as_deref().unwrap_or("(falta)"),
            d.rebuilt.as_deref().unwrap_or("(falta)")
        );
    }
    Err(format!("{} filas difieren de los eventos", differences.len()))
}

async fn user(pool: PgPool, cmd: UserCmd) -> Result<(), String> {
    let store = EventStore::new(pool.clone());
    let actor = "cli";
    // Bring the read models up to date even when no server runs (a running one may do it first).
    let projector = Projector::new(pool.clone(), optica_projections::all());
    if let UserCmd::Add { local_id: Some(id), .. } | UserCmd::Roles { local_id: Some(id), .. } = &cmd {
        let _ = projector.settle(Duration::from_secs(10)).await;
        if optica_query::lookups::get(&pool, "Local", *id)
            .await
            .map_err(|e| e.to_string())?
            .is_none()
        {
            return Err(format!("no existe el local con id {id}"));
        }
    }
    let done = match cmd {
        UserCmd::Add {
            username,
            password,
            roles,
            local_id,
        } => users::add(&store, actor, &username, &password, roles, local_id)
            .await
            .map(|id| format!("usuario {username} creado (id {id})")),
        UserCmd::Passwd { username, password } => users::change_password(&store, actor, &username, &password)
            .await
            .map(|()| format!("contraseña de {username} cambiada")),
        UserCmd::Roles {
            username,
            roles,
            local_id,
        } => users::set_roles(&store, actor, &username, roles, local_id)
            .await
            .map(|()| format!("roles de {username} actualizados")),
        UserCmd::Disable { username } => users::set_enabled(&store, actor, &username, false)
            .await
            .map(|()| format!("usuario {username} deshabilitado")),
        UserCmd::Enable { username } => users::set_enabled(&store, actor, &username, true)
            .await
            .map(|()| format!("usuario {username} habilitado")),
    }
    .map_err(|e| e.to_string())?;
    settle(&projector).await;
    println!("{done}");
    Ok(())
}

/// Leaves only once the read models include this command's events, so a script's next request
/// sees the change (projecting them here, or waiting for a running server's projector).
async fn settle(projector: &Projector) {
    if !matches!(projector.settle(Duration::from_secs(10)).await, Ok(true)) {
        eprintln!("aviso: las vistas de lectura todavía no incluyen el cambio");
    }
}

/// The token signing key: configured, or generated once and shared by every instance through
/// the database.
async fn signing_key(pool: &PgPool, configured: Option<&str>) -> Result<Vec<u8>, String> {
    if let Some(secret) = configured {
        if secret.len() < 32 {
            return Err("OPTICA_JWT_SECRET debe tener al menos 32 caracteres".into());
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let mut bytes = [0u8; 48];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    let fresh = base64::engine::general_purpose::STANDARD.encode(bytes);
    sqlx::query("insert into server_settings (name, value) values ('jwt_signing_key', $1) on conflict do nothing")
        .bind(fresh)
        .execute(pool)
        .await
        .map_err(|e| e.to_string())?;
    let stored: String = sqlx::query_scalar("select value from server_settings where name = 'jwt_signing_key'")
        .fetch_one(pool)
        .await
        .map_err(|e| e.to_string())?;
    Ok(stored.into_bytes())
}

/// Builds the state the server and the tests share.
pub async fn build_state(pool: PgPool, args: &ServeArgs) -> Result<AppState, String> {
    let clients = match &args.oauth_clients {
        Some(spec) => parse_clients(spec)?,
        None => {
            tracing::warn!(
                "OPTICA_OAUTH_CLIENTS no está definido: se usa el cliente de desarrollo {DEV_OAUTH_CLIENTS}"
            );
            parse_clients(DEV_OAUTH_CLIENTS)?
        }
    };
    let key = signing_key(&pool, args.jwt_secret.as_deref()).await?;
    let timezone: chrono_tz::Tz = args
        .timezone
        .parse()
        .map_err(|_| format!("zona horaria desconocida: {}", args.timezone))?;
    let mut state = AppState::new(pool, AuthConfig::new(key, clients), timezone);
    if !args.numeric_status_links {
        state.numeric_links = None;
    }
    state.trusted_proxies = Arc::new(args.trusted_proxies.clone());
    state.shop = Arc::new(args.shop.clone());
    state.public_url = Arc::from(args.mail.public_url.as_str());
    state.mail = crate::notices::Mail::from_settings(&args.mail, &args.shop.nombre)?.map(Arc::new);
    if args.mail.public_url == crate::config::DEFAULT_PUBLIC_URL {
        tracing::warn!(
            "OPTICA_PUBLIC_URL no está definido: los enlaces de los avisos y comprobantes apuntan a {}",
            crate::config::DEFAULT_PUBLIC_URL
        );
    }
    Ok(state)
}

/// The longest the API waits, after a start, for the read models before answering anyway
/// (below the 60 s a request may take).
const CATCH_UP_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// Waits until the read models hold every event written before the start (the first admin,
/// accounts added from the command line while the server was down, a restored log), then opens
/// the API (`ready`): the first request after a start sees them, so a login finds its account.
/// `/health` answers meanwhile. A backlog too long for `CATCH_UP_LIMIT` opens the API anyway,
/// with a warning.
async fn catch_up(state: AppState, ready: watch::Sender<bool>) {
    use optica_projections::wait::{last_event, wait_for_projections};
    if let Ok(Some((tx_id, position))) = last_event(&state.pool).await {
        let names = state.projections.as_slice();
        let applied = state.applied.as_ref();
        match wait_for_projections(&state.pool, names, tx_id, position, CATCH_UP_LIMIT, applied).await {
            Ok(true) => {}
            Ok(false) => tracing::warn!("las vistas siguen atrasadas al empezar a atender"),
            Err(error) => tracing::warn!(%error, "no se pudo comprobar el avance de las vistas"),
        }
    }
    let _ = ready.send(true);
}

async fn serve(pool: PgPool, args: ServeArgs) -> Result<(), String> {
    let projector = Arc::new(Projector::new(pool.clone(), optica_projections::all()));
    let (ready_tx, ready) = watch::channel(false);
    let state = AppState {
        ready,
        ..build_state(pool.clone(), &args).await?
    }
    .with_projector(projector.progress());
    let store = EventStore::new(pool.clone());
    if let Some(generated) = users::bootstrap_admin(&store, args.admin_password.as_deref())
        .await
        .map_err(|e| e.to_string())?
    {
        println!("Se creó el usuario administrador 'admin' con la contraseña: {generated}");
        println!("(se muestra una sola vez; cámbiela con `optica user passwd --username admin`)");
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let projector_task = tokio::spawn(projector.run(stop_rx.clone()));
    let notices_task = tokio::spawn(crate::notices::run(state.clone(), stop_rx));
    tokio::spawn(catch_up(state.clone(), ready_tx));

    let listener = listen(args.addr).map_err(|e| format!("no se pudo escuchar en {}: {e}", args.addr))?;
    println!("optica escuchando en http://{}", args.addr);
    let app = crate::http::app(state).merge(crate::http::webapp(args.webapp_dir.as_deref()));
    crate::serve::serve(listener, app, &args.limits, shutdown_signal())
        .await
        .map_err(|e| e.to_string())?;
    let _ = stop_tx.send(true);
    let _ = projector_task.await;
    let _ = notices_task.await;
    pool.close().await;
    tracing::info!("optica detenido");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("apagado ordenado: se terminan las solicitudes en curso");
}

/// The listening socket, with a backlog as deep as the system allows (4,096 where
/// `net.core.somaxconn` says so): when idle clients keep the accept queue busy, a real user's
/// connection waits in it instead of being dropped and retried a second later.
fn listen(addr: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = match addr {
        std::net::SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
        std::net::SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)
}
