// @ts-check
/* Share: the read-only link, and a recorder link for a second phone, each with a QR code. */
import { $, $$, fill } from "../dom.js";
import { qrSvg } from "../qr.js";
import { S } from "../state.js";
import { savedMatch } from "../store.js";
import { t } from "../language.js";

const drawn = {};

function showQr(which, link, label) {
  const box = $(`#${which}-qr`);
  if (drawn[which] === link) return;
  drawn[which] = link;
  fill(box, ...(link ? [qrSvg(link, label)] : []));
  box.hidden = !link;
}

export function renderShare() {
  const saved = savedMatch(S.id);
  const base = location.href.split("#")[0];
  const read = saved.read || (S.token.startsWith("ro_") ? S.token : null);
  const readLink = read
    ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(read)}` : "";
  $("#read-link").value = readLink;
  $("#read-link").hidden = !read;
  $('[data-copy="read-link"]').hidden = !read;
  $("#no-read-link").hidden = !!read;
  showQr("read", readLink, t("share.qr_read", "QR code of the read-only link"));
  const writer = S.token.startsWith("rw_"); // a seat's token is not shared
  $("#write-share").hidden = !writer;
  const writeLink = writer
    ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(S.token)}` : "";
  $("#write-link").value = writeLink;
  showQr("write", writeLink, t("share.qr_write", "QR code of the recorder link"));
}

/** Wire the Copy buttons (once, at boot). */
export function initShare() {
  for (const b of $$("[data-copy]")) {
    b.addEventListener("click", async () => {
      const input = $("#" + b.dataset.copy);
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        b.textContent = t("share.copied", "Copied");
      } catch (error) {
        if (document.execCommand) document.execCommand("copy");
        b.textContent = t("share.selected", "Selected");
      }
    });
  }
}
