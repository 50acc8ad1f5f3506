// Look at the built reference the way a reader does: in Chromium, over HTTP.
//
//   node browser.mjs --site DIR --out REPORT.json [--chromium PATH] [--jobs N]
//                    [--search LANG:TERM]... [--page REL]... [--dark PATH]...
//                    [--prefer LANG]...
//
// Serves DIR on 127.0.0.1 (a free port), opens every page (each *.html outside
// folders whose name starts with "_", or only the --page ones) in one browser,
// and writes one JSON report. Per page: axe-core's findings (rules tagged WCAG
// 2.0/2.1 A/AA and best practices, in the light colour scheme; colour contrast
// again in the dark one on the --dark pages and the pages under --dark folders,
// on every page without the option, on none with "--dark -"), and the facts the tests judge: lang,
// the language switch's links, the hreflang alternates, the favicon, landmarks
// and headings, the queue diagrams' sizes, the interface strings (what the page
// says outside its content), script errors, failed requests, and the page's
// width at 390 and 320 px. Per --search: the line search.html shows for TERM on
// the LANG site, and the pages it lists. Per --prefer: the order of the entry page's
// language sections for a browser that prefers LANG. This script judges nothing: tests/site
// decides what fails (tests/site/checkers.py).

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const AXE_VERSION = require("axe-core/package.json").version;
const AXE_PATH = "/__regelwerk-checks__/axe.min.js";
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
// Flags known to let Debian's Chromium run headless in a closed network, as root.
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const DESKTOP = { width: 1280, height: 900 };
const NARROW = [390, 320];
const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
  ".ico": "image/x-icon", ".json": "application/json", ".txt": "text/plain; charset=utf-8",
  ".inv": "application/octet-stream", ".woff2": "font/woff2",
};

function parseArgs(argv) {
  const args = { chromium: "/usr/bin/chromium", jobs: 2, search: [], page: [], dark: [], prefer: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${argv[i]} needs a value`);
    if (Array.isArray(args[key])) args[key].push(value);
    else args[key] = value;
  }
  if (!args.site || !args.out) throw new Error("usage: browser.mjs --site DIR --out FILE ...");
  args.jobs = Number(args.jobs);
  return args;
}

function pages(site) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith("_") || entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".html")) found.push(path.relative(site, full).split(path.sep).join("/"));
    }
  };
  walk(site);
  return found.sort();
}

function serve(site) {
  const root = path.resolve(site);
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    if (url.pathname === AXE_PATH) {   // one URL, cached: Chromium compiles axe-core once
      response.writeHead(200, { "content-type": TYPES[".js"], "cache-control": "max-age=86400" });
      response.end(AXE);
      return;
    }
    let file = path.resolve(root, "." + decodeURIComponent(url.pathname));
    try {
      if (!file.startsWith(root)) throw new Error("outside");
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

// ---------------------------------------------------------------- in the page

/* Runs in the page: the facts tests/site judges. */
function facts() {
  /* Runs in the page: what it says outside its content, as [kind, text] pairs. Content
     is the article (its heading links' titles excepted), page titles in the navigation,
     the table of contents and the next/previous links, the site's name, and anything
     marked as another language than the page's (the language switch). */
  const interfaceStrings = () => {
    const pageLang = document.documentElement.lang;
    const CONTENT = "article, .sidebar-tree a.reference.internal, .toc-tree, .related-pages .title, "
      + ".sidebar-brand-text, .brand, script, style, noscript, template";
    const ATTRIBUTES = ["aria-label", "title", "placeholder", "alt", "aria-description"];
    const foreign = (el) => {
      const marked = el.closest("[lang]");
      return marked && marked.lang && marked.lang !== pageLang;
    };
    const found = [];
    const add = (kind, value) => {
      const text = (value || "").replace(/\s+/g, " ").trim();
      if (/\p{L}/u.test(text)) found.push([kind, text]);
    };
    for (const el of document.body.querySelectorAll("*")) {
      const inContent = el.closest(CONTENT);
      if (foreign(el)) continue;
      if (!inContent || el.matches("a.headerlink")) {
        for (const name of ATTRIBUTES) if (el.hasAttribute(name)) add(name, el.getAttribute(name));
      }
      if (inContent) continue;
      for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) add("text", node.data);
    }
    return found;
  };
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return { width: r.width, height: r.height, left: r.left, right: r.right };
  };
  return {
    lang: document.documentElement.lang,
    switch: [...document.querySelectorAll(".regelwerk-langswitch a[hreflang]")]
      .map((a) => ({ hreflang: a.hreflang, href: a.href, lang: a.lang })),
    alternates: [...document.querySelectorAll("link[rel~=alternate][hreflang]")]
      .map((l) => ({ hreflang: l.hreflang, href: l.href })),
    icon: [...document.querySelectorAll("link[rel~=icon]")].map((l) => l.href),
    main: document.querySelectorAll("main, [role=main]").length,
    h1: document.querySelectorAll("h1").length,
    diagrams: [...document.querySelectorAll(".regelwerk-queue-diagram svg")].map(rect),
    scrollingCode: document.querySelectorAll("pre[data-regelwerk-scrolls]").length,
    interface: interfaceStrings(),
  };
}

function widths(viewport) {
  const diagrams = [...document.querySelectorAll(".regelwerk-queue-diagram svg")]
    .map((el) => el.getBoundingClientRect())
    .map((r) => ({ width: r.width, height: r.height, left: r.left, right: r.right }));
  return {
    viewport,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    diagrams,
  };
}

function summarise(results, classify) {
  return results.violations.map((rule) => ({
    id: rule.id,
    impact: rule.impact,
    wcag: classify(rule.tags),
    tags: rule.tags,
    help: rule.help,
    nodes: rule.nodes.length,
    targets: rule.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}

const isWcag = (tags) => tags.some((tag) => WCAG.includes(tag));

// ---------------------------------------------------------------- per page

/* A tab that keeps the script errors and failed requests of the page it shows. */
async function newTab(context) {
  const page = await context.newPage();
  page.seen = { errors: [], failed: [] };
  page.on("pageerror", (error) => page.seen.errors.push(error.message));
  page.on("response", (response) => {
    if (response.status() >= 400) {
      page.seen.failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  page.on("requestfailed", (request) => page.seen.failed.push(`failed ${new URL(request.url()).pathname}`));
  return page;
}

async function checkPage(page, base, rel, dark) {
  page.seen = { errors: [], failed: [] };
  const { errors, failed } = page.seen;
  const started = Date.now();
  const ms = {};   // milliseconds per step, to see where the time goes
  let last = started;
  const lap = (name) => { const now = Date.now(); ms[name] = now - last; last = now; };
  try {
    await page.setViewportSize(DESKTOP);
    await page.goto(base + rel, { waitUntil: "load" });
    lap("load");
    const found = await page.evaluate(facts);
    found.icon = await Promise.all(found.icon.map(async (href) => {
      const response = await page.request.get(href);
      return { href: new URL(href).pathname, status: response.status() };
    }));
    lap("facts");
    await page.addScriptTag({ url: AXE_PATH });
    const light = await page.evaluate((tags) => window.axe.run(document, {
      runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }), [...WCAG, "best-practice"]);
    lap("axe");
    let darkResults = { violations: [] };
    if (dark) {
      await page.emulateMedia({ colorScheme: "dark" });
      darkResults = await page.evaluate(() => window.axe.run(document, {
        runOnly: { type: "rule", values: ["color-contrast"] }, resultTypes: ["violations"] }));
      await page.emulateMedia({ colorScheme: "light" });
    }
    lap("dark");
    const narrow = [];
    for (const width of NARROW) {
      await page.setViewportSize({ width, height: 844 });
      await page.waitForTimeout(50);
      narrow.push(await page.evaluate(widths, width));
    }
    lap("narrow");
    const axe = summarise(light, isWcag).concat(
      summarise(darkResults, isWcag).map((rule) => ({ ...rule, id: `${rule.id} (dark)` })));
    return { page: rel, ...found, axe, dark, narrow, errors, failed, ms,
      seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    return { page: rel, fatal: String(error), errors, failed };
  }
}

async function search(context, base, lang, term) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const started = Date.now();
  try {
    await page.goto(`${base}${lang}/search.html?q=${encodeURIComponent(term)}`, { waitUntil: "load" });
    // The result line appears once the search has listed every page it found; a script
    // error (Sphinx 9.0.4's own German catalog threw one) ends the wait at once.
    const line = () => page.evaluate(() => {
      const element = document.querySelector("#search-results .search-summary");
      return element ? element.innerText.trim() : "";
    });
    let summary = "";
    for (const end = Date.now() + 20000; !summary && !errors.length && Date.now() < end;) {
      await page.waitForTimeout(100);
      summary = await line();
    }
    const heading = await page.evaluate(() => {
      const h = document.querySelector("#search-results h2");
      return h ? h.innerText.trim() : "";
    });
    const results = await page.evaluate(() => [...document.querySelectorAll("#search-results ul.search li a")]
      .map((a) => new URL(a.href).pathname));
    return { lang, term, summary, heading, results, errors, seconds: (Date.now() - started) / 1000 };
  } finally {
    await page.close();
  }
}

/* The entry page's order of languages for a reader whose browser prefers `lang`. */
async function entryOrder(context, base, lang) {
  const page = await context.newPage();
  try {
    await page.addInitScript((code) => {
      Object.defineProperty(navigator, "languages", { get: () => [`${code}-XX`, code] });
    }, lang);
    await page.goto(`${base}index.html`, { waitUntil: "load" });
    return await page.evaluate(() => [...document.querySelectorAll("main > section[lang]")]
      .map((section) => section.lang));
  } finally {
    await page.close();
  }
}

/* work(item, worker) over items, `jobs` at a time; worker is 0 .. jobs - 1. */
async function pool(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async (_, number) => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], number);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return results;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const server = await serve(args.site);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(path.join(tmpdir(), "regelwerk-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: args.chromium, args: FLAGS, headless: true, serviceWorkers: "block" });
  try {
    const toCheck = args.page.length ? args.page : pages(args.site);
    // Colour contrast in the dark scheme: on the --dark pages and the pages under --dark
    // folders (every page without the option, none with "--dark -").
    const dark = (rel) => !args.dark.length
      || args.dark.some((folder) => rel === folder || rel.startsWith(`${folder}/`));
    // One tab per job, reused from page to page (a new tab per page costs more).
    const tabs = await Promise.all(Array.from({ length: Math.max(1, args.jobs) }, () => newTab(context)));
    const checked = await pool(toCheck, args.jobs, (rel, number) => checkPage(tabs[number], base, rel, dark(rel)));
    await Promise.all(tabs.map((tab) => tab.close()));
    const searches = await pool(args.search, 1, (spec) => {
      const [lang, ...term] = spec.split(":");
      return search(context, base, lang, term.join(":"));
    });
    const entry = {};
    if (toCheck.includes("index.html")) {
      for (const lang of args.prefer) entry[lang] = await entryOrder(context, base, lang);
    }
    const version = context.browser() ? context.browser().version() : "?";
    const report = {
      browser: `Chromium ${version}`, axe: AXE_VERSION, base, entry,
      pages: checked, searches, seconds: (Date.now() - started) / 1000,
    };
    writeFileSync(args.out, JSON.stringify(report, null, 1));
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`browser.mjs: ${error.stack || error}`);
  process.exit(2);
});
