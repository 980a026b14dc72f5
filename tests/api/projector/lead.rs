//! One projector leads among several processes: a follower's commits reach the leader, and a lost lead hands its pending commit on.

use super::*;
use crate::common::scalar;

/// Waits up to 5 s for `app`'s projector to lead.
async fn leads(app: &crate::common::TestApp) -> bool {
    for _ in 0..250 {
        if app.state.applied.as_ref().is_some_and(|a| a.borrow().leading) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

/// Two apps whose projectors poll an hour apart: only the notifications carry a follower's
/// commits to the leader and the leader's rounds back to the follower's waits.
#[sqlx::test]
async fn a_follower_s_commits_reach_the_leader_and_its_rounds_come_back(pool: PgPool) {
    use crate::common::TestApp;
    let slow = || Projector::new(pool.clone(), optica_projections::all()).with_poll_interval(Duration::from_secs(3600));
    let leader = TestApp::with_projector(pool.clone(), slow()).await;
    assert!(leads(&leader).await, "a lone projector did not take the lead");
    let follower = TestApp::with_projector(pool.clone(), slow()).await;
    let token = leader.admin_token().await;
    let (status, _) = follower
        .post("/api/marca", Some(&token), serde_json::json!({"nombre": "Vulk"}))
        .await;
    assert_eq!(status, axum::http::StatusCode::CREATED);
    // The leader applied the follower's event: it was told, not polled.
    let rows: i64 = scalar(&pool, "select count(*) from lookup_items").await;
    assert_eq!(rows, 1, "the leader did not apply the follower's event");
    // The follower ran no round, yet its progress moved with the leader's.
    let last = optica_projections::wait::last_event(&pool).await.unwrap().unwrap();
    let applied = follower.state.applied.clone().unwrap();
    let mut seen = applied.clone();
    let reached = tokio::time::timeout(Duration::from_secs(2), seen.wait_for(|a| a.at >= last)).await;
    assert!(
        reached.is_ok(),
        "the follower never heard of the leader's round: {:?}",
        *applied.borrow()
    );
    assert!(!applied.borrow().leading, "both projectors lead");
    assert!(leads(&leader).await);
}

/// A leader that loses the lead while another round holds the projector's lock (its lease ended
/// while it was busy) tells the new leader about the commit it could not apply. Before, nobody
/// did, and the commit waited for the new leader's poll: in a full test run a `caught_up` gave
/// up after 20 s with polls an hour apart.
#[sqlx::test]
async fn a_leader_that_loses_the_lead_with_a_commit_pending_tells_the_new_leader(pool: PgPool) {
    use crate::common::TestApp;
    // The advisory lock of projections/src/lead.rs.
    const LEADER_LOCK: i64 = 0x6f70_7469_6362;
    let slow = Projector::new(pool.clone(), optica_projections::all()).with_poll_interval(Duration::from_secs(3600));
    let app = TestApp::with_projector(pool.clone(), slow).await;
    assert!(leads(&app).await, "a lone projector did not take the lead");
    let mut told = sqlx::postgres::PgListener::connect_with(&pool).await.unwrap();
    told.listen("optica_appended").await.unwrap();

    // Another round holds the lock: the leader's rounds find it busy.
    let round = crate::common::hold_projector(&pool).await;
    let roles = vec!["ROLE_ADMIN".to_string()];
    optica::users::add(&app.store, "test", "pendiente", crate::common::PASSWORD, roles, None)
        .await
        .unwrap();
    // The leader's round found the lock taken (it then no longer reports leading).
    let applied = app.state.applied.clone().unwrap();
    let mut busy = applied.clone();
    tokio::time::timeout(Duration::from_secs(5), busy.wait_for(|a| !a.leading))
        .await
        .expect("the leader's round never found the lock taken")
        .unwrap();
    // The lease ends, as a frozen leader's does, and another process takes the lead at once.
    let mut other = pool.acquire().await.unwrap();
    let ended: Vec<bool> = sqlx::query_scalar(
        "select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 1 and granted
           and database = (select oid from pg_database where datname = current_database())",
    )
    .bind((LEADER_LOCK >> 32) as i32)
    .bind((LEADER_LOCK & 0xffff_ffff) as u32 as i64)
    .fetch_all(&mut *other)
    .await
    .unwrap();
    assert_eq!(ended, vec![true], "the leader's lease was not found");
    sqlx::query("select pg_advisory_lock($1)")
        .bind(LEADER_LOCK)
        .execute(&mut *other)
        .await
        .unwrap();

    let heard = tokio::time::timeout(Duration::from_secs(5), told.recv()).await;
    assert!(heard.is_ok(), "the old leader kept its pending commit to itself");
    assert!(!applied.borrow().leading);
    round.rollback().await.unwrap();
    other.close().await.unwrap();
}

/// A leader that runs fewer projections than a follower (an older binary, during an upgrade):
/// its rounds say nothing of the projections it lacks, so the follower's wait must not take
/// them as passed. It did: the follower answered at once, and its next read of those read
/// models did not have the write.
#[sqlx::test]
async fn a_leader_s_rounds_do_not_pass_projections_it_does_not_run(pool: PgPool) {
    use crate::common::TestApp;
    // The admin first, with every projection running: nothing catches up once the leader lacks one.
    let token = TestApp::start(pool.clone()).await.admin_token().await;
    let without_lookups: Vec<_> = optica_projections::all()
        .into_iter()
        .filter(|p| p.name() != "lookups")
        .collect();
    let theirs: Vec<&'static str> = without_lookups.iter().map(|p| p.name()).collect();
    let older = Projector::new(pool.clone(), without_lookups).with_poll_interval(Duration::from_secs(3600));
    let leader = TestApp::with_projector(pool.clone(), older).await;
    assert!(leads(&leader).await, "a lone projector did not take the lead");
    let newer = Projector::new(pool.clone(), optica_projections::all()).with_poll_interval(Duration::from_secs(3600));
    let mut follower = TestApp::with_projector(pool.clone(), newer).await;
    follower.state.read_wait = Duration::from_millis(300);
    follower.router = optica::app(follower.state.clone());
    let (status, body) = follower
        .post("/api/marca", Some(&token), serde_json::json!({"nombre": "Vulk"}))
        .await;
    assert_eq!(status, axum::http::StatusCode::CREATED, "{body}");
    let (tx, position) = optica_projections::wait::last_event(&pool).await.unwrap().unwrap();
    // The leader applied the brand's event to its own projections and said so.
    let theirs_passed =
        optica_projections::wait::wait_for_projections(&pool, &theirs, tx, position, Duration::from_secs(5), None)
            .await
            .unwrap();
    assert!(theirs_passed);
    let passed = optica_projections::wait::wait_for_projections(
        &pool,
        &["lookups"],
        tx,
        position,
        Duration::from_secs(1),
        follower.state.applied.as_ref(),
    )
    .await
    .unwrap();
    assert!(
        !passed,
        "the follower took the leader's round for a projection the leader lacks"
    );
}
