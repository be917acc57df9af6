//! The static site as an installed app: its manifest, a service worker that caches the whole site on
//! the first visit, so that with the network gone a reload opens the page and the engine answers, and
//! a rebuilt site that replaces the cache whole. Served from a copy of the built site, by a server of
//! its own that can go offline, with Chromium's network emulation offline too.

use crate::common::temp_dir::TempDir;
use crate::harness::{browser_programs, in_browser_at, js, set_value, wait_until};
use crate::page::enter_move;
use crate::site::{self, SiteServer};
use fantoccini::Client;
use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;

/// A Chrome DevTools Protocol command, sent through chromedriver's `goog/cdp/execute`.
#[derive(Debug)]
struct DevTools {
    method: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for DevTools {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        let body = json!({ "cmd": self.method, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Turns Chromium's network emulation offline or back on.
async fn emulate_offline(client: &Client, offline: bool) {
    let conditions = json!({
        "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
    });
    for (method, params) in [
        ("Network.enable", json!({})),
        ("Network.emulateNetworkConditions", conditions),
    ] {
        client
            .issue_cmd(DevTools { method, params })
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"));
    }
}

/// Copies the built site into `to`.
fn copy_site(from: &Path, to: &Path) {
    let copied = Command::new("cp")
        .arg("-R")
        .arg(format!("{}/.", from.display()))
        .arg(to)
        .status()
        .expect("cp runs");
    assert!(copied.success());
}

/// The build the site's service worker is stamped with (`const BUILD = '…';` in sw.js).
fn build_of(site: &Path) -> String {
    let worker = std::fs::read_to_string(site.join("sw.js")).unwrap();
    let line = worker
        .lines()
        .find(|l| l.starts_with("const BUILD = '"))
        .unwrap();
    line.trim_start_matches("const BUILD = '")
        .trim_end_matches("';")
        .to_string()
}

#[tokio::test]
async fn the_static_site_plays_offline_and_a_rebuild_replaces_its_cache() {
    let Some(programs) = browser_programs() else {
        return;
    };
    let built = match site::built() {
        Ok(built) => built,
        Err(reason) => return println!("skipped: {reason}"),
    };
    let folder = TempDir::new("duel-site-offline");
    copy_site(&built, folder.path());
    let server = std::sync::Arc::new(SiteServer::start(folder.path().to_path_buf()));
    let site = folder.path().to_path_buf();
    let serving = server.clone();
    in_browser_at(
        &programs,
        server.url.clone(),
        move |client, url| async move {
            go_offline_and_update(&client, &url, &serving, &site).await;
        },
    )
    .await;
}

async fn ready(client: &Client, what: &str) {
    wait_until(
        client,
        what,
        "document.getElementById('engine-status').dataset.state === 'ready' \
         && document.querySelector('#pieces .piece') && page.state",
    )
    .await;
}

/// The names of the page's caches.
async fn caches(client: &Client) -> Value {
    client
        .execute_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done);",
            vec![],
        )
        .await
        .unwrap()
}

async fn go_offline_and_update(client: &Client, url: &str, server: &SiteServer, site: &Path) {
    // The first visit: installable (the manifest's name and icons), and the service worker, once it
    // controls the page, holds this build's cache.
    client.goto(url).await.unwrap();
    ready(client, "the first visit").await;
    wait_until(
        client,
        "the service worker",
        "navigator.serviceWorker.controller",
    )
    .await;
    let build = build_of(site);
    assert_eq!(caches(client).await, json!([format!("duel-site-{build}")]));
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(site.join("manifest.webmanifest")).unwrap())
            .unwrap();
    assert_eq!(manifest["display"], "standalone");
    for icon in manifest["icons"].as_array().unwrap() {
        assert!(site.join(icon["src"].as_str().unwrap()).is_file(), "{icon}");
    }
    let linked = js(
        client,
        "return document.querySelector('link[rel=manifest]').href;",
    )
    .await;
    assert_eq!(linked, json!(format!("{url}manifest.webmanifest")));

    // The network gone, both ways: a reload opens the page, and the engine answers a move.
    server.set_offline(true);
    emulate_offline(client, true).await;
    client.refresh().await.unwrap();
    ready(client, "the page offline").await;
    set_value(client, "limit-value", "100").await;
    let first = js(client, "return page.state.legal[0].text;").await;
    enter_move(client, first.as_str().unwrap()).await;
    wait_until(
        client,
        "the engine's reply offline",
        "document.body.dataset.ply === '2'",
    )
    .await;

    // A new build: back online, the next visit takes it whole (the page reloads itself once), and
    // the older build's cache is gone.
    emulate_offline(client, false).await;
    server.set_offline(false);
    let page = site.join("index.html");
    let html = std::fs::read_to_string(&page).unwrap();
    let marked = html.replace(
        "<title>duel</title>",
        "<title>duel</title>\n<meta name=\"rebuilt\">",
    );
    std::fs::write(&page, marked).unwrap();
    let stamped = Command::new(site::script("stamp-site"))
        .arg(site)
        .status()
        .unwrap();
    assert!(stamped.success());
    let rebuilt = build_of(site);
    assert_ne!(rebuilt, build);
    client.refresh().await.unwrap();
    wait_until(
        client,
        "the rebuilt page",
        "document.querySelector('meta[name=rebuilt]') \
         && document.getElementById('engine-status').dataset.state === 'ready'",
    )
    .await;
    let names = json!([format!("duel-site-{rebuilt}")]);
    for _ in 0..100 {
        if caches(client).await == names {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(caches(client).await, names);
}
