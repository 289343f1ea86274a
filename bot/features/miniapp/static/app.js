// The sheet's page: reads the init data Telegram hands over, asks the bot for the sheet
// and the deals, and lays them out.  Every text comes from the bot, already worded in
// the chat's language; players' words are set as text (textContent), never as markup.

const POLL_MS = 2500;
const api = new URL("api/", document.baseURI);

const fragment = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
const tg = () => (window.Telegram && window.Telegram.WebApp) || null;

function initData() {
  const app = tg();
  if (app && app.initData) return app.initData;
  return fragment.get("tgWebAppData") || "";
}

function startParam() {
  const signed = new URLSearchParams(initData()).get("start_param");
  return signed || fragment.get("tgWebAppStartParam") || query.get("tgWebAppStartParam")
    || query.get("pulka") || "";
}

function themeParams() {
  const app = tg();
  if (app && app.themeParams && Object.keys(app.themeParams).length) return app.themeParams;
  try {
    return JSON.parse(fragment.get("tgWebAppThemeParams") || "{}");
  } catch (e) {
    return {};
  }
}

const THEME = {
  bg_color: "--bg",
  text_color: "--text",
  hint_color: "--hint",
  link_color: "--link",
  button_color: "--button",
  button_text_color: "--button-text",
  secondary_bg_color: "--section",
  section_separator_color: "--separator",
};

function dark(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((x) => parseInt(x, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

function applyTheme() {
  const params = themeParams();
  const root = document.documentElement.style;
  for (const [key, name] of Object.entries(THEME)) {
    if (/^#[0-9a-f]{3,8}$/i.test(params[key] || "")) root.setProperty(name, params[key]);
  }
  if (params.section_bg_color && params.bg_color === params.secondary_bg_color) {
    root.setProperty("--section", params.section_bg_color);
  }
  if (params.bg_color) {
    const isDark = dark(params.bg_color);
    root.setProperty("--plus", isDark ? "#5fd17f" : "#1a8a3a");
    root.setProperty("--minus", isDark ? "#ff6b5e" : "#c7362b");
    root.setProperty("color-scheme", isDark ? "dark" : "light");
    document.documentElement.classList.toggle("dark", isDark);
    document.documentElement.classList.toggle("light", !isDark);
  }
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function signClass(text) {
  if (typeof text !== "string") return "";
  if (text.startsWith("+")) return "plus";
  if (text.startsWith("-")) return "minus";
  return "";
}

const state = {
  pulka: startParam(), mark: null, live: null, after: null, tab: "sheet", history: null, checked: false,
  picked: null,
};
const $ = (id) => document.getElementById(id);

async function ask(path, params, payload) {
  const url = new URL(path, api);
  // No pulka yet (opened from a private chat): the bot answers the one the user sat in
  // last, and names it; params may name another of the chat's.
  if (state.pulka) url.searchParams.set("pulka", state.pulka);
  for (const [k, v] of Object.entries(params || {})) url.searchParams.set(k, String(v));
  const init = { headers: { Authorization: "tma " + initData() } };
  if (payload !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(payload);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    // No answer at all (the network, the bot down): said in the chat's words once the
    // page has them, never the browser's own "Failed to fetch".
    const error = new Error(state.live ? state.live.labels.offline : "…");
    error.offline = true;
    throw error;
  }
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (!response.ok) {
    const error = new Error((body && body.text) || "HTTP " + response.status);
    error.status = response.status;
    error.code = (body && body.error) || null;
    error.sheet = (body && body.sheet) || null;
    throw error;
  }
  return body;
}

// The live sheet as the bot last answered it.  Its mark goes back with the next poll:
// the bot answers "same" only while the sheet would be drawn alike (no new deal, the
// chat's language and the user's right to write unchanged).
function keep(sheet) {
  state.live = sheet;
  state.mark = sheet.mark;
  document.body.dataset.last = String(sheet.last);
}

function say(text) {
  const message = $("message");
  message.textContent = text || "";
  message.hidden = !text;
}

function drawSheet(data) {
  const box = $("sheet");
  box.replaceChildren();
  const labels = data.labels;
  $("title").textContent = data.title;
  $("status").textContent = data.status_text;
  $("tab-sheet").textContent = labels.sheet;
  $("tab-history").textContent = labels.history;
  $("tab-nights").textContent = labels.nights;
  $("tabs").hidden = false;
  if (data.after === null) {
    // The form only for one who may write: the bot would refuse anyone else's deal.
    const form = (data.may_write && data.entry) || null;
    $("tab-entry").hidden = !form;
    if (form) $("tab-entry").textContent = form.labels.enter_tab;
    if (!form && state.tab === "entry") showTab("sheet");
  }
  document.documentElement.lang = data.lang;
  if (data.after !== null) {
    const back = el("button", { type: "button", text: labels.back });
    back.addEventListener("click", () => {
      state.after = null;
      drawSheet(state.live);
    });
    box.append(el("div", { class: "banner", id: "after" }, el("span", { text: data.after_text }), back));
  }
  const players = el("div", { class: "players", id: "players" });
  if (data.standings || data.settlement) {
    const heading = data.status === "closed" ? labels.ended : labels.standings;
    // Over the cards; the settlement's own title heads its lines further down.
    box.append(el("p", { class: "hint", text: data.settlement ? labels.results : heading }));
  }
  const results = data.settlement ? data.settlement.results : null;
  data.players.forEach((p, i) => {
    const card = el("div", { class: "player" });
    const head = el("div", { class: "head" }, el("span", { class: "name", text: p.name }));
    const shown = results ? results[i] : p.standing !== undefined ? { result: p.standing, money: p.money } : null;
    if (shown) {
      const pill = el("span", { class: "standing " + signClass(shown.result) },
        el("span", { class: "result", text: shown.result }));
      if (shown.money !== null && shown.money !== undefined) {
        pill.append(el("small", { class: "money", text: shown.money + " " + (data.currency || "") }));
      }
      head.append(pill);
    }
    card.append(head);
    if (p.pool !== undefined) {
      const whists = el("div", { class: "figure whists" }, el("span", { class: "label", text: labels.whists }));
      for (const w of p.whists) {
        // The name shortened with "…" if it must be, the figure never.
        whists.append(el("span", { class: w.zero ? "whist zero" : "whist" },
          el("span", { class: "on", text: w.on }), el("span", { class: "amount", text: w.amount })));
      }
      card.append(
        el(
          "div",
          { class: "figures" },
          el("div", { class: "figure" }, el("span", { class: "label", text: labels.pool }),
            el("span", { class: "value pool", text: p.pool })),
          el("div", { class: "figure" }, el("span", { class: "label", text: labels.mountain }),
            el("span", { class: "value mountain", text: p.mountain })),
          whists,
        ),
      );
    }
    players.append(card);
  });
  box.append(players);
  if (data.next) box.append(el("p", { class: "note hint", id: "next", text: data.next }));
  if (data.after === null && data.no_write) {
    box.append(el("p", { class: "note hint", id: "no-write", text: data.no_write }));
  }
  if (data.settlement) {
    const lines = el("div", { class: "lines", id: "settlement" });
    for (const line of data.settlement.lines) lines.append(el("p", { text: line }));
    for (const block of data.settlement.after) {
      for (const line of block.split("\n")) lines.append(el("p", { text: line }));
    }
    box.append(el("h2", { text: data.settlement.title }), lines);
    if (data.after === null && data.settlement.debts.length) {
      const debts = el("div", { class: "debts", id: "debts" });
      for (const row of data.settlement.debts) {
        const line = el("div", { class: "debt-row" });
        for (const b of row) {
          const button = el("button", { type: "button", class: "debt", text: b.label });
          button.addEventListener("click", () => press(b, button));
          line.append(button);
        }
        debts.append(line);
      }
      box.append(debts, el("p", { class: "hint", id: "pressed" }));
    }
  }
}

// "Paid" / "Received": the same as the button under the settlement in the chat.
async function press(b, button) {
  button.disabled = true;
  try {
    const answer = await ask("debt", {}, { payer: b.payer, payee: b.payee, got: b.got });
    keep(answer.sheet);
    drawSheet(answer.sheet);
    $("pressed").textContent = answer.text;
    $("pressed").scrollIntoView({ block: "nearest" });
  } catch (e) {
    button.disabled = false;
    const pressed = $("pressed");
    if (pressed) {
      pressed.textContent = e.message;
      pressed.scrollIntoView({ block: "nearest" });
    }
  }
}

function drawHistory(data) {
  const box = $("history");
  box.replaceChildren();
  const labels = data.labels;
  if (!data.deals.length) box.append(el("p", { class: "hint", text: labels.no_deals }));
  for (const d of [...data.deals].reverse()) {
    if (d.gone) {
      box.append(el("div", { class: "deal gone", text: d.gone }));
      continue;
    }
    const card = el(
      "button",
      { type: "button", class: "deal", "data-event": String(d.event) },
      el("div", { class: "notation", text: d.number + ". " + d.notation }),
      el("div", { class: "row" }, el("b", { text: labels.wrote + ": " }), document.createTextNode(d.wrote)),
      el("div", { class: "row" }, el("b", { text: labels.cost + ": " }), document.createTextNode(d.cost)),
      el("div", { class: "meta", text: d.author + " · " + localTime(d.at, d.when) }),
    );
    card.addEventListener("click", () => showAfter(d.event));
    box.append(card);
  }
  if (data.changes.length) {
    const changes = el("div", { class: "changes" }, el("h2", { text: labels.changes }));
    for (const line of data.changes) changes.append(el("p", { text: line }));
    box.append(changes);
  }
}

// A stored moment (UTC, ISO 8601) in the phone's time zone and the page's language.
function localTime(at, fallback) {
  const moment = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(at || "") ? at : (at || "") + "Z");
  if (Number.isNaN(moment.getTime())) return fallback;
  return moment.toLocaleString(document.documentElement.lang || undefined, {
    day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit",
  });
}

function showTab(tab) {
  state.tab = tab;
  for (const name of ["sheet", "history", "nights", "entry"]) {
    $(name).hidden = tab !== name;
    $("tab-" + name).classList.toggle("active", tab === name);
  }
  if (tab === "history") loadHistory();
  if (tab === "nights") loadNights();
  if (tab === "entry") drawEntry();
}

// --- a new deal: the form says who declared what and who took what; the bot completes,
// checks and writes it as it does a typed /deal, and posts it in the chat.

// Until a count is chosen the declarer is taken to have made his contract, and one
// defender whists while the others pass: the most common deal, and one that checks.
const draft = { kind: "game", declarer: null, contract: null, tricks: null, tricksSet: false, answers: {}, raspasy: {} };
const level = (code) => parseInt(code, 10);

function select(name, options, value, onChange) {
  const node = el("select", { name });
  for (const [code, label] of options) {
    const option = el("option", { value: String(code), text: label });
    if (String(code) === String(value)) option.selected = true;
    node.append(option);
  }
  node.addEventListener("change", () => onChange(node.value));
  return node;
}

function counts(form) {
  const out = [["", form.labels.not_given]];
  form.counts.forEach((n, i) => out.push([String(n), form.count_labels[i]]));
  return out;
}

const count = (v) => (v === "" || v === null || v === undefined ? null : Number(v));

function field(label, ...controls) {
  return el("label", { class: "field" }, el("span", { class: "label", text: label }), ...controls);
}

// ``result``: the lines under the buttons; ``failed``: they say why nothing was done.
function drawEntry(result, failed = false) {
  const box = $("entry");
  const form = state.live && state.live.may_write && state.live.entry;
  box.replaceChildren();
  if (!form) return;
  const changed = () => {
    state.checked = false;
    drawEntry();
  };
  const kinds = el("div", { class: "kinds" });
  for (const kind of ["game", "misere", "raspasy"]) {
    if (kind === "misere" && !form.misere) continue;
    const b = el("button", { type: "button", class: "tab" + (draft.kind === kind ? " active" : ""), text: form.kinds[kind] });
    b.addEventListener("click", () => {
      draft.kind = kind;
      draft.tricks = null;  // a game's made contract is no misère's count
      draft.tricksSet = false;
      changed();
    });
    kinds.append(b);
  }
  box.append(el("h2", { text: form.labels.enter + " " + form.number }), kinds);
  const players = form.at_table.map((p) => [p.seat, p.name]);
  if (draft.declarer === null || !players.some(([s]) => s === draft.declarer)) draft.declarer = players[0][0];
  if (draft.contract === null || !form.contracts.some((c) => c.code === draft.contract)) {
    draft.contract = form.contracts[0].code;
  }
  if (draft.kind === "game" && !draft.tricksSet) draft.tricks = level(draft.contract);
  const name = (seat) => form.at_table.find((p) => p.seat === seat)?.name || "";
  const tricks = counts(form);
  if (draft.kind !== "raspasy") {
    box.append(field(form.labels.declarer, select("declarer", players, draft.declarer, (v) => {
      draft.declarer = Number(v);
      changed();
    })));
  }
  if (draft.kind === "game") {
    box.append(field(form.labels.contract,
      select("contract", form.contracts.map((c) => [c.code, c.label]), draft.contract, (v) => { draft.contract = v; changed(); }),
      select("tricks", tricks, draft.tricks ?? "", (v) => { draft.tricks = count(v); draft.tricksSet = true; changed(); })));
    (form.defenders[String(draft.declarer)] || []).forEach((seat, k) => {
      const answer = draft.answers[seat] || (draft.answers[seat] = { choice: k === 0 ? "whist" : "pass", tricks: null });
      box.append(field(name(seat),
        select("choice-" + seat, form.choices.map((c) => [c.code, c.label]), answer.choice, (v) => { answer.choice = v; changed(); }),
        select("tricks-" + seat, tricks, answer.tricks ?? "", (v) => { answer.tricks = count(v); changed(); })));
    });
  } else if (draft.kind === "misere") {
    if (draft.tricks === null) draft.tricks = 0;
    box.append(field(form.labels.tricks,
      select("tricks", tricks.slice(1), draft.tricks, (v) => { draft.tricks = count(v); changed(); })));
  } else {
    for (const [seat, who] of players) {
      box.append(field(who,
        select("tricks-" + seat, tricks, draft.raspasy[seat] ?? "", (v) => { draft.raspasy[seat] = count(v); changed(); })));
    }
  }
  const check = el("button", { type: "button", class: "action", id: "check", text: form.labels.check });
  const write = el("button", { type: "button", class: "action", id: "write", text: form.labels.write });
  write.disabled = !state.checked;
  check.addEventListener("click", () => send(false));
  write.addEventListener("click", () => send(true));
  box.append(el("div", { class: "actions" }, check, write));
  const out = el("div", { class: failed ? "lines failed" : "lines", id: "preview" });
  if (result) for (const line of result) out.append(el("p", { text: line }));
  box.append(out);
}

function dealBody(write) {
  // A deal is written on the sheet it was checked on: changed since, it is refused.
  const last = write ? state.checkedLast : state.live.entry.last;
  const body = { last, write, kind: draft.kind };
  if (draft.kind === "game") {
    body.declarer = draft.declarer;
    body.contract = draft.contract;
    body.tricks = draft.tricks;
    body.answers = (state.live.entry.defenders[String(draft.declarer)] || []).map((seat) => ({
      seat, choice: (draft.answers[seat] || {}).choice || "pass", tricks: (draft.answers[seat] || {}).tricks ?? null,
    }));
  } else if (draft.kind === "misere") {
    body.declarer = draft.declarer;
    body.tricks = draft.tricks ?? 0;
  } else {
    body.tricks = state.live.entry.at_table.map((p) => ({ seat: p.seat, tricks: draft.raspasy[p.seat] ?? null }));
  }
  return body;
}

async function send(write) {
  try {
    const answer = await ask("deal", {}, dealBody(write));
    if (write) {
      state.checked = false;
      draft.tricks = null;
      draft.tricksSet = false;
      draft.answers = {};
      draft.raspasy = {};
      keep(answer.sheet);
      drawSheet(answer.sheet);
      if (state.tab === "entry") {
        drawEntry([answer.text]);
      } else {
        // The deal closed the pulka: the form is gone, so the sheet says it was written.
        $("sheet").prepend(el("p", { class: "done", id: "written", text: answer.text }));
        window.scrollTo(0, 0);
      }
      return;
    }
    state.checked = true;
    state.checkedLast = state.live.entry.last;
    const p = answer.preview;
    drawEntry([p.notation, ...p.lines, ...(p.closes ? [p.closes] : [])]);
  } catch (e) {
    state.checked = false;
    if (e.sheet) {
      keep(e.sheet);
      drawSheet(e.sheet);
    }
    drawEntry([e.message], true);
  }
}

// --- the chat's nights: the statistics, the money chart, the rating, the open debts.
// Every figure and sentence is the bot's (the chat's /stats, /rating, /debts); the page
// only lays them out and draws the chart's lines from the totals it is given.

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = 8;  // the chart's line colours: .s0 … .s7 in app.css

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function drawStats(data) {
  const labels = data.labels;
  const box = el("div", { id: "stats" }, el("h2", { text: labels.n_stats }));
  if (data.title) box.append(el("p", { class: "hint", text: data.title }));
  const head = el("tr");
  for (const [text, cls] of [["#", "num"], [labels.n_player, ""], [labels.n_pulkas, "num"],
    [labels.n_whists, "num"], [labels.n_money, "num"], [labels.n_per_deal, "num"]]) {
    head.append(el("th", { class: cls, text }));
  }
  const body = el("tbody");
  for (const p of data.players) {
    const row = el("tr", { class: "stat", "data-key": p.key },
      el("td", { class: "num", text: String(p.place) }),
      el("td", { class: "name", text: p.name }),
      el("td", { class: "num", text: String(p.pulkas) }),
      el("td", { class: "num whists " + signClass(p.whists), text: p.whists }),
      el("td", { class: "num money " + signClass(p.money), text: p.money }),
      el("td", { class: "num", text: p.per_deal }));
    const more = el("tr", { class: "more", hidden: "" });
    const cell = el("td", { colspan: "6" });
    for (const line of p.lines.slice(1)) cell.append(el("p", { text: line.trim() }));
    more.append(cell);
    row.addEventListener("click", () => {
      more.hidden = !more.hidden;
      row.classList.toggle("open", !more.hidden);
    });
    body.append(row, more);
  }
  box.append(el("div", { class: "scroll" }, el("table", { class: "stats" }, el("thead", {}, head), body)));
  if (data.pairs) {
    const pairs = el("div", { class: "lines pairs", id: "pairs" }, el("p", { class: "hint", text: data.pairs.title }));
    for (const line of data.pairs.lines) pairs.append(el("p", { text: line }));
    box.append(pairs);
  }
  return box;
}

function drawChart(chart, labels) {
  const box = el("div", { id: "chart" }, el("h2", { text: chart.title }));
  const width = 360, height = 230, top = 10, bottom = height - 26, right = width - 14;
  const longest = Math.max(...chart.ticks.map((t) => t.text.length));
  const left = 10 + longest * 7.5;
  const low = chart.ticks[0].value, high = chart.ticks[chart.ticks.length - 1].value;
  const span = high - low || 1;
  const points = chart.nights.length + 1;  // the start (all at zero), then each night
  const x = (i) => left + (i * (right - left)) / Math.max(points - 1, 1);
  const y = (v) => bottom - ((v - low) * (bottom - top)) / span;
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img" });
  const caption = svg("title");
  caption.textContent = chart.title;
  plot.append(caption);
  const grid = svg("g", { class: "grid" });
  for (const t of chart.ticks) {
    grid.append(svg("line", { x1: left, x2: right, y1: y(t.value), y2: y(t.value), class: t.value === 0 ? "zero" : "" }));
    const label = svg("text", { x: left - 6, y: y(t.value) + 4, "text-anchor": "end" });
    label.textContent = t.text;
    grid.append(label);
  }
  const every = Math.max(1, Math.ceil(chart.nights.length / 8));
  chart.nights.forEach((number, k) => {
    const i = k + 1;
    if (i % every && i !== chart.nights.length) return;
    const label = svg("text", { x: x(i), y: height - 8, "text-anchor": "middle" });
    label.textContent = String(number);
    grid.append(label);
  });
  plot.append(grid);
  const lines = svg("g", { class: "lines" });
  const legend = el("div", { class: "legend", id: "legend" });
  const groups = [];
  chart.series.forEach((s, k) => {
    const xy = [[x(0), y(0)], ...s.values.map((v, i) => [x(i + 1), y(v)])];
    const path = xy.map(([a, b]) => a.toFixed(1) + "," + b.toFixed(1)).join(" ");
    const group = svg("g", { class: "series s" + (k % COLOURS), "data-key": s.key });
    const name = svg("title");
    name.textContent = s.name + ": " + s.total;
    group.append(name, svg("polyline", { points: path, class: "line" }));
    for (const [a, b] of xy.slice(1)) group.append(svg("circle", { cx: a, cy: b, r: 3 }));
    group.append(svg("polyline", { points: path, class: "hit" }));
    group.addEventListener("click", () => pick(s.key));
    lines.append(group);
    groups.push(group);
    const entry = el("button", { type: "button", class: "entry s" + (k % COLOURS), "data-key": s.key, "aria-pressed": "false" },
      el("span", { class: "swatch" }), el("span", { class: "who", text: s.name }),
      el("span", { class: "total " + signClass(s.total), text: s.total }));
    entry.addEventListener("click", () => pick(s.key));
    legend.append(entry);
  });
  plot.append(lines);
  function pick(key) {
    state.picked = state.picked === key ? null : key;
    for (const group of groups) {
      const on = group.dataset.key === state.picked;
      group.classList.toggle("picked", on);
      group.classList.toggle("dimmed", state.picked !== null && !on);
      if (on) lines.append(group);  // drawn last: on top of the others
    }
    for (const entry of legend.children) {
      const on = entry.dataset.key === state.picked;
      entry.classList.toggle("picked", on);
      entry.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }
  box.append(plot, legend, el("p", { class: "hint", text: labels.n_chart_hint }),
    el("p", { class: "hint", text: chart.caption }));
  if (state.picked) {
    const key = state.picked;
    state.picked = null;
    if (chart.series.some((s) => s.key === key)) pick(key);
  }
  return box;
}

function drawRating(rating, labels) {
  const box = el("div", { id: "rating" }, el("h2", { text: labels.n_rating }),
    el("p", { class: "hint", text: rating.title }));
  for (const p of rating.players) {
    const item = el("details", { class: "rating", "data-key": p.key },
      el("summary", { text: p.line }));
    for (const line of p.history.slice(1)) item.append(el("p", { text: line }));
    box.append(item);
  }
  box.append(el("p", { class: "hint", text: labels.n_rating_hint }),
    el("p", { class: "hint rule", text: rating.rule }));
  return box;
}

function drawDebts(debts, labels) {
  const box = el("div", { id: "open-debts" }, el("h2", { text: labels.n_debts }));
  if (debts.none) box.append(el("p", { class: "hint", text: debts.none }));
  const lines = el("div", { class: "lines" });
  for (const line of debts.lines) lines.append(el("p", { text: line }));
  box.append(lines);
  for (const pulka of debts.pulkas) {
    if (!pulka.buttons.length) continue;
    const rows = el("div", { class: "debts" }, el("p", { class: "hint", text: pulka.number }));
    for (const row of pulka.buttons) {
      const line = el("div", { class: "debt-row" });
      for (const b of row) {
        const button = el("button", { type: "button", class: "debt", text: b.label });
        button.addEventListener("click", () => pressNight(pulka.pulka, b, button));
        line.append(button);
      }
      rows.append(line);
    }
    box.append(rows);
  }
  box.append(el("p", { class: "hint", id: "nights-pressed" }));
  return box;
}

function drawNights(data) {
  const box = $("nights");
  box.replaceChildren();
  if (data.empty) {
    box.append(el("p", { class: "hint", text: data.empty }));
    return;
  }
  box.append(drawStats(data));
  if (data.chart) box.append(drawChart(data.chart, data.labels));
  if (data.rating) box.append(drawRating(data.rating, data.labels));
  box.append(drawDebts(data.debts, data.labels));
}

// "Paid" / "Received" on a line of any settled pulka of the chat: the same as in the chat.
async function pressNight(pulka, b, button) {
  button.disabled = true;
  let said;
  try {
    const answer = await ask("debt", { pulka }, { payer: b.payer, payee: b.payee, got: b.got });
    said = answer.text;
    if (pulka === state.pulka) {
      keep(answer.sheet);
      if (state.after === null) drawSheet(answer.sheet);
    }
    await loadNights();
  } catch (e) {
    button.disabled = false;
    said = e.message;
  }
  const pressed = $("nights-pressed");
  if (pressed) {
    pressed.textContent = said;
    pressed.scrollIntoView({ block: "nearest" });
  }
}

async function loadNights() {
  try {
    const data = await ask("nights");
    const y = window.scrollY;
    drawNights(data);
    window.scrollTo(0, y);
    document.body.dataset.nights = String(data.count);
  } catch (e) {
    say(e.message);
  }
}

async function loadHistory() {
  try {
    state.history = await ask("history");
    drawHistory(state.history);
  } catch (e) {
    say(e.message);
  }
}

async function showAfter(eventId) {
  try {
    const data = await ask("sheet", { at: eventId });
    state.after = eventId;
    showTab("sheet");
    drawSheet(data);
    window.scrollTo(0, 0);
  } catch (e) {
    say(e.message);
  }
}

async function refresh() {
  try {
    const data = await ask("sheet", state.mark === null ? {} : { since: state.mark });
    say("");
    document.body.classList.remove("offline");
    if (data.same) return;
    if (!state.pulka) state.pulka = data.pulka;  // later asks name it
    keep(data);
    if (state.after === null) drawSheet(data);
    if (state.tab === "history") loadHistory();
    if (state.tab === "nights") loadNights();
    if (state.tab === "entry") {
      // A deal written meanwhile (in the chat): the preview is of another sheet now.
      const was = state.checked;
      state.checked = false;
      drawEntry(was ? [data.labels.changed] : undefined, was);
    }
  } catch (e) {
    say(e.message);
    document.body.classList.toggle("offline", Boolean(e.offline));
    if (e.code === "no_pulka") $("message").classList.add("welcome");  // not an error
    if (e.status === 401 || e.status === 403 || e.code === "no_pulka") return false;
  }
  return true;
}

// One poll at a time, and none while the page is out of sight (Telegram minimised, the
// phone locked): nobody would see what it draws, and each poll costs the bot a read.
const poller = { timer: null, busy: false, over: false };

async function poll() {
  clearTimeout(poller.timer);
  poller.timer = null;
  if (poller.busy || poller.over) return;
  poller.busy = true;
  try {
    poller.over = (await refresh()) === false;
  } finally {
    poller.busy = false;
  }
  if (!poller.over && !document.hidden) poller.timer = setTimeout(poll, POLL_MS);
}

document.addEventListener("visibilitychange", () => {
  if (document.hidden) {
    clearTimeout(poller.timer);
    poller.timer = null;
  } else {
    poll();  // at once: what was written meanwhile shows as the page comes back
  }
});

function telegramReady() {
  const app = tg();
  if (!app) return;
  applyTheme();
  app.ready();
  app.expand();
  app.onEvent("themeChanged", applyTheme);
}

applyTheme();
$("tab-sheet").addEventListener("click", () => {
  state.after = null;
  if (state.live) drawSheet(state.live);
  showTab("sheet");
});
$("tab-history").addEventListener("click", () => showTab("history"));
$("tab-nights").addEventListener("click", () => showTab("nights"));
$("tab-entry").addEventListener("click", () => showTab("entry"));
const script = document.querySelector('script[src*="telegram-web-app.js"]');
if (tg()) telegramReady();
else if (script) script.addEventListener("load", telegramReady);
poll();
