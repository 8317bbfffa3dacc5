// @ts-check
/* A QR code as an SVG element (built node by node: no markup is parsed), from the vendored
 * qrcode-generator (MIT, vendor/qrcode.js). */
import qrcode from "./vendor/qrcode.js";

const NS = "http://www.w3.org/2000/svg";

/** An <svg> showing `text` as a QR code (error correction M), labelled `label`. */
export function qrSvg(text, label) {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const count = code.getModuleCount();
  const quiet = 4;
  const size = count + 2 * quiet;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "qr");
  svg.setAttribute("shape-rendering", "crispEdges");
  const background = document.createElementNS(NS, "rect");
  background.setAttribute("width", String(size));
  background.setAttribute("height", String(size));
  background.setAttribute("fill", "#fff");
  svg.append(background);
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (code.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(path);
  return svg;
}
