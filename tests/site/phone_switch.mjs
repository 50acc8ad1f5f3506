// The language switch as a reader on a phone uses it (tests/site/test_phone_switch.py):
//
//   node phone_switch.mjs --tools DIR --site DIR --chromium PATH --page REL --anchor ID
//                         [--width PX]...
//
// Serves the built site on 127.0.0.1, opens REL#ID at each width (a phone, 844 px high),
// and without opening any menu lists the language links (a.regelwerk-lang) a reader can
// see and reach there; then follows the first and reports where it led. Prints one JSON
// object. Judges nothing: the test does. Uses playwright-core from tools/site-checks
// (--tools), as browser.mjs does.

import { readFileSync, statSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const args = { width: [] };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  const key = argv[i].replace(/^--/, "");
  if (Array.isArray(args[key])) args[key].push(argv[i + 1]);
  else args[key] = argv[i + 1];
}
const require = createRequire(pathToFileURL(path.join(path.resolve(args.tools), "package.json")));
const { chromium } = require("playwright-core");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml" };

function serve(site) {
  const root = path.resolve(site);
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    let file = path.resolve(root, "." + decodeURIComponent(url.pathname));
    try {
      if (!file.startsWith(root)) throw new Error("outside");
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      response.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream" });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/* Runs in the page: the language links a reader sees in the window, and can click. */
function reachable() {
  return [...document.querySelectorAll("a.regelwerk-lang")].map((link) => {
    const box = link.getBoundingClientRect();
    const style = getComputedStyle(link);
    const inside = box.width > 0 && box.height > 0 && box.left >= 0 && box.top >= 0
      && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
    const top = inside && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { href: link.href, hreflang: link.hreflang, text: link.textContent.trim(),
      visible: inside && style.visibility !== "hidden" && !!top && (top === link || link.contains(top)) };
  });
}

async function main() {
  const server = await serve(args.site);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(path.join(tmpdir(), "regelwerk-phone-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: args.chromium, args: FLAGS, headless: true });
  const result = { widths: [] };
  try {
    const page = await context.newPage();
    for (const width of args.width.map(Number)) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${base}${args.page}#${args.anchor}`, { waitUntil: "load" });
      const links = await page.evaluate(reachable);
      const entry = { width, links };
      const first = links.findIndex((link) => link.visible);
      if (first >= 0) {
        await Promise.all([page.waitForEvent("load"),
          page.locator("a.regelwerk-lang").nth(first).click()]);
        const url = new URL(page.url());
        entry.followed = { path: url.pathname.replace(/^\//, ""), hash: decodeURIComponent(url.hash),
          lang: await page.evaluate(() => document.documentElement.lang),
          target: await page.evaluate((id) => !!document.getElementById(id), args.anchor) };
      }
      result.widths.push(entry);
    }
  } finally {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  }
  process.stdout.write(JSON.stringify(result));
}

main().catch((error) => {
  console.error(`phone_switch.mjs: ${error.stack || error}`);
  process.exit(2);
});
