/* Share: the read-only link, and a recorder link for a second phone. */
import { $, $$ } from "../dom.js";
import { S } from "../state.js";
import { savedMatch } from "../store.js";

export function renderShare() {
  const saved = savedMatch(S.id);
  const base = location.href.split("#")[0];
  const read = saved.read || (S.token.startsWith("ro_") ? S.token : null);
  $("#read-link").value = read
    ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(read)}` : "";
  $("#read-link").hidden = !read;
  $('[data-copy="read-link"]').hidden = !read;
  $("#no-read-link").hidden = !!read;
  const writer = S.token.startsWith("rw_"); // a seat's token is not shared
  $("#write-share").hidden = !writer;
  $("#write-link").value = writer
    ? `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(S.token)}` : "";
}

/** Wire the Copy buttons (once, at boot). */
export function initShare() {
  for (const b of $$("[data-copy]")) {
    b.addEventListener("click", async () => {
      const input = $("#" + b.dataset.copy);
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        b.textContent = "Copied";
      } catch (error) {
        if (document.execCommand) document.execCommand("copy");
        b.textContent = "Selected";
      }
    });
  }
}
