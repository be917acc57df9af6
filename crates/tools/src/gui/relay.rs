//! One WebSocket connection: the page's requests answered, its protocol lines relayed to its engine,
//! and everything the engine writes relayed back.
//!
//! The connection owns its engine session, started when the page connects and killed when it leaves.
//! Every message from the page gets an answer or a relayed line; a bad one gets an error reply and
//! changes nothing, and no message can end the connection but `Close`.

use super::app::App;
use super::engine_session::{EngineSession, SessionEvent};
use axum::extract::ws::{Message, WebSocket};
use duel_engine::page_service::messages::{
    EngineInfo, GameJson, MAX_ENGINE_LINE_BYTES, MAX_MESSAGE_BYTES, Reply, Request,
    check_engine_line, parse_request,
};
use duel_engine::page_service::rules;
use duel_rules::games::VARIANTS;
use std::sync::Arc;
use tokio::sync::mpsc;

/// Messages from the engine's threads waiting for the connection: when the page reads slowly, the
/// engine's output waits in its pipe rather than in memory.
const EVENT_QUEUE: usize = 1024;

/// A connection's state.
struct Relay {
    app: Arc<App>,
    /// The running engine.
    engine: Option<EngineSession>,
    /// Whether a start is under way.
    starting: bool,
    /// The number of the latest start: events of earlier engines are stale.
    generation: u64,
    /// The game the page looked at last: the engine is started for it.
    variant: String,
    events: mpsc::Sender<SessionEvent>,
}

/// Serves one connection until the page closes it.
pub async fn serve(mut socket: WebSocket, app: Arc<App>) {
    let (events, mut incoming_events) = mpsc::channel(EVENT_QUEUE);
    let hello = Reply::Hello {
        variants: VARIANTS.to_vec(),
        variant: app.config.variant.clone(),
        engine: EngineInfo {
            name: app.config.engine_name.clone(),
            dialect: app.config.engine.dialect.name(),
        },
        max_message_bytes: MAX_MESSAGE_BYTES,
        max_engine_line_bytes: MAX_ENGINE_LINE_BYTES,
    };
    if send(&mut socket, hello).await.is_err() {
        return;
    }
    let mut relay = Relay {
        variant: app.config.variant.clone(),
        app,
        engine: None,
        starting: false,
        generation: 0,
        events,
    };
    if send(&mut socket, relay.start_engine()).await.is_err() {
        return;
    }
    loop {
        let replies = tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => relay.handle(text.as_str()),
                Some(Ok(Message::Binary(_))) => {
                    vec![Reply::error(None, "send JSON text messages, not binary ones")]
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => Vec::new(),
                // Closed, or broken beyond reading (e.g. a message over the hard limit).
                Some(Ok(Message::Close(_)) | Err(_)) | None => return,
            },
            Some(event) = incoming_events.recv() => match event {
                SessionEvent::ToPage(reply) => vec![reply],
                SessionEvent::Started { generation, result } if generation == relay.generation => {
                    vec![relay.started(result)]
                }
                SessionEvent::Exited { generation, message } if generation == relay.generation => {
                    relay.engine = None;
                    vec![Reply::EngineStatus { state: "exited", message }]
                }
                SessionEvent::Started { .. } | SessionEvent::Exited { .. } => Vec::new(),
            },
        };
        for reply in replies {
            if send(&mut socket, reply).await.is_err() {
                return;
            }
        }
    }
}

async fn send(socket: &mut WebSocket, reply: Reply) -> Result<(), axum::Error> {
    socket.send(Message::Text(reply.to_json().into())).await
}

impl Relay {
    /// Starts the engine on a thread of its own; the result comes back as an event.
    fn start_engine(&mut self) -> Reply {
        self.starting = true;
        self.generation += 1;
        let generation = self.generation;
        let command = self.app.config.engine.clone();
        let variant = self.variant.clone();
        let events = self.events.clone();
        tokio::task::spawn_blocking(move || {
            let result = EngineSession::start(&command, &variant, generation, events.clone());
            let _ = events.blocking_send(SessionEvent::Started { generation, result });
        });
        Reply::EngineStatus {
            state: "starting",
            // The page shows the engine's name beside the state: the message says the state alone.
            message: "starting".to_string(),
        }
    }

    fn started(&mut self, result: Result<EngineSession, String>) -> Reply {
        self.starting = false;
        match result {
            Ok(session) => {
                self.engine = Some(session);
                Reply::EngineStatus {
                    state: "ready",
                    message: "ready".to_string(),
                }
            }
            Err(message) => Reply::EngineStatus {
                state: "failed",
                message,
            },
        }
    }

    /// Answers one text message.
    fn handle(&mut self, text: &str) -> Vec<Reply> {
        let request = match parse_request(text) {
            Ok(request) => request,
            Err(error) => return vec![error],
        };
        match request {
            Request::Engine { line } => vec![self.relay_line(line)],
            Request::Restart => {
                if self.starting {
                    return vec![Reply::error(None, "the engine is starting already")];
                }
                // Dropping the session kills the process.
                self.engine = None;
                vec![self.start_engine()]
            }
            Request::State { id, game } => vec![self.state(id, &game)],
            request => rules::answer(request).into_iter().collect(),
        }
    }

    /// The state of the page's game; a game the rules accept makes its variant the connection's.
    fn state(&mut self, id: Option<u64>, game: &GameJson) -> Reply {
        let reply = rules::state_reply(id, game);
        if matches!(reply, Reply::State { .. }) && VARIANTS.contains(&game.variant.as_str()) {
            self.variant = game.variant.clone();
        }
        reply
    }

    /// Relays one protocol line; the page sees it echoed as `sent`.
    fn relay_line(&mut self, line: String) -> Reply {
        if let Err(message) = check_engine_line(&line) {
            return Reply::error(None, message);
        }
        let Some(engine) = &self.engine else {
            return Reply::error(
                None,
                if self.starting {
                    "the engine is still starting; wait for its 'ready'"
                } else {
                    "the engine is not running; restart it"
                },
            );
        };
        match engine.send(line.clone()) {
            Ok(()) => Reply::Sent { line },
            Err(message) => Reply::error(None, message),
        }
    }
}
