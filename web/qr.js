// A QR code for live play's invitation link (issue 36): `<bs-qr text="…" label="…"></bs-qr>` in a renderer's markup
// draws `text` as a QR code, so a friend can open the invitation with a phone's camera.
//
// The drawing is qrcode-generator's (npm, MIT, vendored by tools/build.py into web/vendor/qrcode/), imported the first
// time a code is shown: pages without an invitation never load it.  The picture lives in the element's shadow root,
// so the markup the app patches (web/morph.js compares light DOM only) stays `<bs-qr text=…>` and a re-render with the
// same text costs nothing; a new text draws a new code.  Error correction "M" (15 % of the code may be lost: a
// screen's glare or a finger), the version grows with the text; a text too long for any version shows the words
// "too long for a QR code" instead (the link is beside it anyway).

let library = null;
const load = () => (library ??= import("./vendor/qrcode/qrcode.mjs").then((m) => m.default));

// The QR code's dark cells as one SVG path over an n x n grid (plus a 4-cell quiet zone), or null when `text` does
// not fit a QR code at this error-correction level.
export async function qrMatrix(text, level = "M") {
  const qrcode = await load();
  const code = qrcode(0, level);
  code.addData(text, "Byte");
  try {
    code.make();
  } catch {
    return null;
  }
  const n = code.getModuleCount();
  const dark = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (code.isDark(r, c)) dark.push([r, c]);
  return { n, dark };
}

const STYLE = `:host{display:inline-block;inline-size:var(--qr-size,14rem);max-inline-size:100%;aspect-ratio:1;
background:#fff;color:#000}svg{display:block;inline-size:100%;block-size:100%}
p{margin:0;padding:.5rem;font:inherit;color:#000}`;

class QrCode extends HTMLElement {
  static observedAttributes = ["text", "label"];

  constructor() {
    super();
    this.attachShadow({ mode: "open" }).innerHTML = `<style>${STYLE}</style><div part="code"></div>`;
    this.drawn = null;
  }

  connectedCallback() { this.draw(); }

  attributeChangedCallback() { if (this.isConnected) this.draw(); }

  async draw() {
    const text = this.getAttribute("text") || "";
    const label = this.getAttribute("label") || "QR code";
    this.setAttribute("role", "img");
    this.setAttribute("aria-label", label);
    if (text === this.drawn) return;
    this.drawn = text;
    const box = this.shadowRoot.querySelector("[part=code]");
    const m = text ? await qrMatrix(text) : null;
    if (this.drawn !== text) return;                      // a newer text came in while the library loaded
    if (!m) {
      box.innerHTML = text ? "<p>Too long for a QR code: send the link instead.</p>" : "";
      this.dataset.drawn = text ? "too-long" : "";
      return;
    }
    const size = m.n + 8;
    const d = m.dark.map(([r, c]) => `M${c + 4} ${r + 4}h1v1h-1z`).join("");
    box.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"
      aria-hidden="true"><rect width="${size}" height="${size}" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    this.dataset.drawn = String(m.n);                     // the code's size in cells, for tests and tools
  }
}

if (!customElements.get("bs-qr")) customElements.define("bs-qr", QrCode);
