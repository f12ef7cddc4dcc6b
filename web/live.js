// Live play's pairing and channel (docs/live-play.md): two browsers joined by a WebRTC data channel, with no server.
//
// The host's tab makes an offer and waits until its network candidates are gathered (no trickle: the whole
// description travels at once), then shows it as an invitation code; the friend's tab takes the code, answers, and
// shows its reply code; the host takes the reply and the channel opens.  A code is base64url of the deflated
// description; reading one is reading outside text (its size, its alphabet and its inflated size are bounded).
// No STUN or TURN server unless the players give some (`iceServers`): then only the devices' own addresses are
// offered, which connects them on one network or wherever they reach each other directly.
//
// What travels on the channel is the app's business (pyapp/live/protocol.py checks every message); this file only
// bounds a message's size and reports the channel's state: "open", "closed" or "failed".

const CHANNEL = "boardshelf";
export const MAX_CODE = 12000;            // characters of a code (a description is 1-4 KB deflated)
const MAX_DESCRIPTION = 64 * 1024;        // bytes of a description once inflated
export const MAX_MESSAGE = 256 * 1024;    // characters of one message on the channel (the host's table message)
const GATHER_MS = 8000;                   // at most this long for the candidates (then what was found is used)
// The heartbeat: each side of an open channel sends HEARTBEAT every `beat` ms (never handed to the app); a channel
// that has heard nothing for `lost` ms (three beats) is taken as lost, so a silent drop (a phone asleep, Wi-Fi
// gone) shows on both sides as "closed", like the channel's own close does at once when a tab is closed.
// (Tests shorten the times before pairing: `boardshelfLive.timing`.)
export const timing = { beat: 5000, lost: 15000 };
const HEARTBEAT = "hb";                   // never a message of the app's (those are JSON objects)
export const links = new Set();           // the links of this page that are not closed (tests cut them: `mute`)

const b64url = (bytes) => {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

async function through(stream, bytes, limit) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream)).body.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await out.read();
    if (done) break;
    size += value.length;
    if (size > limit) { await out.cancel(); throw new Error("the code is too big"); }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { all.set(p, at); at += p.length; }
  return all;
}

export async function pack(desc) {
  const text = JSON.stringify({ t: desc.type, s: desc.sdp });
  return b64url(await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text), MAX_DESCRIPTION));
}

export async function unpack(code, want) {
  code = String(code || "").trim();
  const m = code.match(/#\/(?:join|reply)\/([A-Za-z0-9_-]+)$/);     // a whole link pasted: its code
  if (m) code = m[1];
  if (!code || code.length > MAX_CODE || !/^[A-Za-z0-9_-]+$/.test(code)) throw new Error("This is not a Boardshelf code.");
  const bin = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  let d;
  try {
    d = JSON.parse(new TextDecoder().decode(await through(new DecompressionStream("deflate-raw"), bytes, MAX_DESCRIPTION)));
  } catch (_e) {
    throw new Error("This code is damaged: copy it again, whole.");
  }
  if (!d || d.t !== want || typeof d.s !== "string") {
    throw new Error(want === "offer" ? "This is a reply code, not an invitation." : "This is an invitation, not a reply code.");
  }
  return { type: d.t, sdp: d.s };
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); pc.removeEventListener("icegatheringstatechange", check); resolve(); };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

// One friend's channel: `onmessage(text)`, `onstate(state)`; `send(text)` returns false when it cannot.
class Link {
  constructor(pc) {
    this.pc = pc;
    this.channel = null;
    this.state = "pairing";
    this.onmessage = null;
    this.onstate = null;
    this.mute = false;                    // (tests) a cut cable: nothing sent, nothing heard
    this.heard = 0;
    this.beat = null;
    links.add(this);
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed") this._set("failed");
      else if (pc.connectionState === "closed" || pc.connectionState === "disconnected") this._set("closed");
    });
  }

  _attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => { this.heard = performance.now(); this._beat(); this._set("open"); });
    channel.addEventListener("close", () => this._set("closed"));
    channel.addEventListener("message", (e) => {
      if (this.mute) return;
      this.heard = performance.now();
      if (e.data === HEARTBEAT) return;
      if (typeof e.data === "string" && e.data.length <= MAX_MESSAGE && this.onmessage) this.onmessage(e.data);
    });
  }

  _beat() {
    const tick = () => {
      if (this.state !== "open") return;
      if (performance.now() - this.heard > timing.lost) { this.close(); return; }
      if (!this.mute && this.channel.readyState === "open") this.channel.send(HEARTBEAT);
    };
    this.beat = setInterval(tick, timing.beat);
  }

  _set(state) {
    if (this.state === state || (this.state === "failed" && state === "closed")) return;
    this.state = state;
    if (state === "closed" || state === "failed") {
      clearInterval(this.beat);
      links.delete(this);
    }
    if (this.onstate) this.onstate(state);
  }

  send(text) {
    if (!this.channel || this.channel.readyState !== "open" || typeof text !== "string" || text.length > MAX_MESSAGE) return false;
    if (this.mute) return true;
    this.channel.send(text);
    return true;
  }

  close() {
    try { if (this.channel) this.channel.close(); } finally { this.pc.close(); this._set("closed"); }
  }
}

// The host: an invitation code for one friend; `accept(replyCode)` opens the channel.
export async function invite(iceServers = []) {
  const pc = new RTCPeerConnection({ iceServers });
  const link = new Link(pc);
  link._attach(pc.createDataChannel(CHANNEL, { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  return {
    link, code: await pack(pc.localDescription),
    accept: async (reply) => { await pc.setRemoteDescription(await unpack(reply, "answer")); },
  };
}

// A friend: the host's invitation code taken, a reply code to send back; the channel opens when the host accepts.
export async function join(code, iceServers = []) {
  const offer = await unpack(code, "offer");
  const pc = new RTCPeerConnection({ iceServers });
  const link = new Link(pc);
  pc.addEventListener("datachannel", (e) => { if (e.channel.label === CHANNEL && !link.channel) link._attach(e.channel); });
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return { link, code: await pack(pc.localDescription) };
}

globalThis.boardshelfLive = { invite, join, pack, unpack, MAX_CODE, MAX_MESSAGE, timing, links };
