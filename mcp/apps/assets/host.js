// The host side of an MCP App, in the page MCP Browser serves: it puts the
// view in a sandboxed iframe, runs ext-apps' AppBridge (bridge.js) against
// it, passes the view's server requests to MCP Browser (POST rpc), tells
// MCP Browser everything that happens (POST report), and follows MCP
// Browser's updates (the event stream). Links and messages the view asks
// for are shown here and in MCP Browser, and never opened or sent by
// themselves.
(() => {
  "use strict";
  const { AppBridge, PostMessageTransport } = window.McpAppBridge;
  const statusEl = document.getElementById("status");
  const box = document.getElementById("frame-box");
  const notes = document.getElementById("notes");
  const maxCopy = 256 * 1024; // traffic copies larger than this are summarised
  let bridge = null;
  let iframe = null;
  let closed = false;
  let context = {};

  const setStatus = (text) => { statusEl.textContent = text; };

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "omit",
    });
  }

  function report(kind, text, json, dir) {
    if (closed) return;
    post("report", { kind, text, json: json === undefined ? null : json, dir: dir || "" }).catch(() => {});
  }

  function note(kind, text, href) {
    const div = document.createElement("div");
    div.className = "note";
    const k = document.createElement("span");
    k.className = "kind";
    k.textContent = kind;
    div.appendChild(k);
    div.appendChild(document.createTextNode(text));
    if (href) {
      div.appendChild(document.createTextNode(" "));
      const a = document.createElement("a");
      a.href = href;
      a.textContent = "open it";
      a.target = "_blank";
      a.rel = "noopener noreferrer";
      div.appendChild(a);
    }
    notes.prepend(div);
  }

  function prefersDark() {
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function applyTheme() {
    document.documentElement.dataset.theme = context.theme || (prefersDark() ? "dark" : "light");
  }

  async function forward(method, params) {
    const res = await post("rpc", { method, params });
    if (!res.ok) throw new Error("MCP Browser refused the request (" + res.status + ")");
    const body = await res.json();
    if (body.error) throw new Error(body.error.message);
    return body.result;
  }

  function summary(msg) {
    if (msg.method) return msg.method + (msg.id !== undefined ? " #" + msg.id : "");
    if (msg.id !== undefined) return (msg.error ? "error for #" : "answer to #") + msg.id;
    return "message";
  }

  // tap copies every message between the view and the bridge to MCP Browser.
  function tap(transport) {
    const send = transport.send.bind(transport);
    transport.send = (msg, opts) => {
      copy("host→view", msg);
      return send(msg, opts);
    };
  }
  function tapIncoming(transport) {
    const inner = transport.onmessage;
    transport.onmessage = (msg, extra) => {
      copy("view→host", msg);
      if (inner) inner(msg, extra);
    };
  }
  function copy(dir, msg) {
    let text = "";
    try { text = JSON.stringify(msg); } catch (e) { text = ""; }
    if (text.length > maxCopy) {
      report("traffic", summary(msg) + " (" + text.length + " bytes, not copied)", null, dir);
    } else {
      report("traffic", summary(msg), msg, dir);
    }
  }

  function safeLink(url) {
    try {
      const u = new URL(url);
      return u.protocol === "http:" || u.protocol === "https:" ? u.href : "";
    } catch (e) { return ""; }
  }

  function messageText(params) {
    const parts = (params && params.content) || [];
    return parts.map((c) => (c && c.type === "text" ? c.text : "[" + (c && c.type) + "]")).join("\n");
  }

  async function start(state) {
    context = Object.assign({}, state.hostContext);
    if (!context.theme) context.theme = prefersDark() ? "dark" : "light";
    if (!context.locale) context.locale = navigator.language;
    if (!context.timeZone) context.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (state.tool) context.toolInfo = { tool: state.tool };
    context.userAgent = "MCP Browser";
    applyTheme();

    iframe = document.createElement("iframe");
    iframe.setAttribute("sandbox", state.sandbox);
    if (state.allow) iframe.setAttribute("allow", state.allow);
    iframe.setAttribute("referrerpolicy", "no-referrer");
    iframe.title = state.toolName + " app";
    iframe.id = "app";
    if (state.prefersBorder) iframe.classList.add("border");
    box.appendChild(iframe);
    context.containerDimensions = { width: box.clientWidth, maxHeight: 4000 };

    bridge = new AppBridge(
      null,
      { name: "MCP Browser", version: "1" },
      { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, message: { text: {} } },
      { hostContext: context },
    );
    bridge.oncalltool = (params) => forward("tools/call", params);
    bridge.onreadresource = (params) => forward("resources/read", params);
    bridge.onlistresources = (params) => forward("resources/list", params);
    bridge.onlistresourcetemplates = (params) => forward("resources/templates/list", params);
    bridge.onlistprompts = (params) => forward("prompts/list", params);
    bridge.onopenlink = async (params) => {
      const href = safeLink(params.url);
      note("Link", "The app asks to open " + params.url + ".", href);
      report("open-link", params.url, params);
      return {};
    };
    bridge.onmessage = async (params) => {
      const text = messageText(params);
      note("Message", "The app would post to the conversation (nothing was sent):\n" + text);
      report("message", text, params);
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      report("message", "the app updated the model's context (kept here, sent nowhere)", params);
      return {};
    };
    bridge.onloggingmessage = (params) => {
      const data = typeof params.data === "string" ? params.data : JSON.stringify(params.data);
      report("log", (params.level || "info") + ": " + data, params);
    };
    bridge.onsizechange = ({ width, height }) => {
      if (height) iframe.style.height = Math.min(Math.max(height, 40), 4000) + "px";
      report("size", "the app is " + (width || "?") + "×" + (height || "?") + " px", { width, height });
    };
    bridge.onrequestdisplaymode = async () => ({ mode: "inline" });
    bridge.onrequestteardown = () => report("log", "the app asked to be closed; close it in MCP Browser");
    bridge.oninitialized = () => {
      setStatus("running");
      report("ready", "the view is ready", bridge.getAppVersion() || null);
      if (state.input) bridge.sendToolInput({ arguments: state.input });
      if (state.result) bridge.sendToolResult(state.result);
    };

    const transport = new PostMessageTransport(iframe.contentWindow, iframe.contentWindow);
    tap(transport);
    await bridge.connect(transport);
    tapIncoming(transport);
    setStatus("loading the app…");
    iframe.src = state.viewUrl;
  }

  function end(reason) {
    if (closed) return;
    if (bridge) bridge.teardownResource({}).catch(() => {});
    closed = true;
    setStatus("closed");
    box.textContent = "";
    const p = document.createElement("p");
    p.className = "closed";
    p.textContent = "This app was closed (" + reason + "). Open it again from MCP Browser.";
    box.appendChild(p);
  }

  // The view learns the room it has when the window changes size.
  window.addEventListener("resize", () => {
    if (!bridge || closed) return;
    context = Object.assign({}, context, { containerDimensions: { width: box.clientWidth, maxHeight: 4000 } });
    bridge.setHostContext(context);
  });

  const events = new EventSource("events");
  events.addEventListener("state", (e) => {
    start(JSON.parse(e.data)).catch((err) => {
      setStatus("failed");
      note("Error", "The app could not start: " + err.message);
      report("log", "the page could not start the app: " + err.message);
    });
  });
  events.addEventListener("context", (e) => {
    context = Object.assign({}, context, JSON.parse(e.data));
    applyTheme();
    if (bridge) bridge.setHostContext(context);
  });
  events.addEventListener("closed", (e) => {
    events.close();
    end(JSON.parse(e.data).reason || "closed");
  });
  events.onerror = () => {
    // The stream is the bridge's life: once it breaks, the app is over.
    events.close();
    end("MCP Browser is no longer serving it");
  };
})();
