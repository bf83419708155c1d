// The seat's box on a phone: shows what the server pushes (the seat's two LCD lines and its
// LED) and sends each button's press and release. No polling: one WebSocket, reopened when
// the phone wakes or the network comes back. Served by the Pi; no outside resources.
"use strict";
(function () {
  var box = document.querySelector("main.box");
  var texts = JSON.parse(box.dataset.texts);
  var rows = [document.getElementById("l1"), document.getElementById("l2")];
  var led = document.getElementById("led");
  var status = document.getElementById("status");
  var note = document.getElementById("note");
  var again = document.getElementById("again");
  var ws = null;
  var done = false; // refused, taken over or released: no reconnecting
  var retry = 250;
  var lastLed = "off";
  var noteTimer = null;

  function say(text, keep) {
    note.textContent = text || "";
    if (noteTimer) { clearTimeout(noteTimer); noteTimer = null; }
    if (text && !keep) { noteTimer = setTimeout(function () { note.textContent = ""; }, 3000); }
  }

  function showSeat(m) {
    for (var i = 0; i < 2; i++) { rows[i].textContent = (m.lines[i] || "").padEnd(16, " "); }
    led.className = "led " + m.led;
    status.textContent = m.led === "on" ? texts.turn : m.led === "blink" ? texts.locked : "";
    box.classList.toggle("turn", m.led === "on");
    if (m.led === "on" && lastLed !== "on" && navigator.vibrate) { navigator.vibrate(200); }
    lastLed = m.led;
    box.classList.remove("waiting");
    if (note.dataset.kept) { delete note.dataset.kept; say(""); } // "waiting", "lost": over
  }

  function connect() {
    if (done) { return; }
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws");
    ws.onopen = function () { retry = 250; };
    ws.onmessage = function (ev) {
      var m = JSON.parse(ev.data);
      if (m.t === "seat") { showSeat(m); }
      else if (m.t === "pending") {
        box.classList.add("waiting");
        note.dataset.kept = "1";
        say(texts.pending, true);
      }
      else if (m.t === "error") { say(m.text); }
      else if (m.t === "gone") {
        done = true;
        box.classList.add("gone");
        led.className = "led off";
        status.textContent = "";
        say(texts[m.why] || m.why, true);
        again.hidden = false;
      }
    };
    ws.onclose = function () {
      ws = null;
      if (done) { return; }
      note.dataset.kept = "1";
      say(texts.lost, true);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 4000);
    };
  }

  function send(key, down) {
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({t: "key", key: key, down: down}));
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("button[data-key]"), function (b) {
    var held = false;
    function press(ev) {
      ev.preventDefault();
      if (held) { return; }
      held = true;
      b.classList.add("down");
      if (b.setPointerCapture && ev.pointerId !== undefined) { b.setPointerCapture(ev.pointerId); }
      send(b.dataset.key, true);
    }
    function release(ev) {
      ev.preventDefault();
      if (!held) { return; }
      held = false;
      b.classList.remove("down");
      send(b.dataset.key, false);
    }
    b.addEventListener("pointerdown", press);
    b.addEventListener("pointerup", release);
    b.addEventListener("pointercancel", release);
    b.addEventListener("contextmenu", function (ev) { ev.preventDefault(); });
  });

  // A phone that slept may hold a dead socket: look again when the page is shown.
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && !ws) { connect(); }
  });
  window.addEventListener("online", function () { if (!ws) { connect(); } });
  connect();
})();
