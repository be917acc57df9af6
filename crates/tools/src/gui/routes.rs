//! The HTTP routes: the page's files (one route each, from [`assets::all`]) and the WebSocket; and the checks every
//! request passes first. A request must name this server in its Host header (a page elsewhere that
//! rebinds its own name to this address is refused), and a WebSocket must come from this server's
//! own page (its Origin).

use super::app::App;
use super::assets;
use super::relay;
use axum::Router;
use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use duel_engine::page_service::messages::MAX_MESSAGE_BYTES;
use std::sync::Arc;

/// The hard limit on one WebSocket message: larger ones close the connection. Messages between
/// [`MAX_MESSAGE_BYTES`] and this get an error reply.
const HARD_MESSAGE_LIMIT: usize = 4 * MAX_MESSAGE_BYTES;

/// The page's Content-Security-Policy: its own files only, no inline script, WebSockets to itself.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// The routes of the server.
pub fn router(app: Arc<App>) -> Router {
    let files = assets::all()
        .into_iter()
        .fold(Router::new(), |router, file| {
            let assets::Asset {
                path,
                content_type,
                body,
            } = file;
            router.route(
                &path,
                get(
                    move |State(app): State<Arc<App>>, headers: HeaderMap| async move {
                        asset(&app, &headers, content_type, body)
                    },
                ),
            )
        });
    files
        .route("/ws", get(websocket))
        .fallback(not_found)
        .with_state(app)
}

/// The refusal of a request whose Host header does not name this server; `None` when it does.
fn refused_host(app: &App, headers: &HeaderMap) -> Option<Response> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    match host {
        Some(host) if app.origins.host_allowed(host) => None,
        _ => Some(
            (
                StatusCode::FORBIDDEN,
                "this server answers to its own address only\n",
            )
                .into_response(),
        ),
    }
}

/// One of the page's files, with headers that keep it from being framed, sniffed or cached.
fn asset(
    app: &App,
    headers: &HeaderMap,
    content_type: &'static str,
    body: &'static str,
) -> Response {
    if let Some(refused) = refused_host(app, headers) {
        return refused;
    }
    let mut response = body.into_response();
    let set = response.headers_mut();
    set.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    set.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    set.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    set.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    set.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    set.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

/// The WebSocket, for this server's own page only.
async fn websocket(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if let Some(refused) = refused_host(&app, &headers) {
        return refused;
    }
    let origin = headers.get(header::ORIGIN).and_then(|o| o.to_str().ok());
    if !origin.is_some_and(|o| app.origins.origin_allowed(o)) {
        return (
            StatusCode::FORBIDDEN,
            "WebSockets are for this server's own page\n",
        )
            .into_response();
    }
    upgrade
        .max_message_size(HARD_MESSAGE_LIMIT)
        .max_frame_size(HARD_MESSAGE_LIMIT)
        .on_upgrade(move |socket| relay::serve(socket, app))
}
