// @ts-check
/* Seats (docs/records.md): each player joins the match on his own phone by scanning a QR code.
 *
 * The phone that holds the write token asks for one seat credential per player
 * (POST /v1/matches/{id}/seats); the answer is given once, so this phone keeps the join links
 * (localStorage) to show them again. A join link is /table/#match=<id>&token=<seat token>
 * (&seat=<name> tells the joining phone whose seat it is; the server knows it from the token).
 */
import { $, el, fill } from "../dom.js";
import { post } from "../match.js";
import { S } from "../state.js";
import { saveMatch, savedMatch } from "../store.js";
import { qrSvg } from "../qr.js";
import { t } from "../language.js";

/** The join link of a seat, absolute, for this page's address. */
export function joinLink(seat) {
  const base = location.href.split("#")[0];
  return `${base}#match=${encodeURIComponent(S.id)}&token=${encodeURIComponent(seat.token)}` +
    `&seat=${encodeURIComponent(seat.player)}`;
}

/** Redraw #seats (Share tab): the button that makes the seats, or each seat's link and QR. */
export function renderSeats() {
  const box = $("#seats");
  const m = S.match;
  if (!box || !m) return;
  const writer = Boolean(S.token && S.token.startsWith("rw_"));
  const mine = S.token && S.token.startsWith("st_") ? savedMatch(S.id).seatName : null;
  if (!writer) {
    fill(box, el("h2", {}, t("seats.title", "Seats")), el("p", { class: "note" }, mine
      ? t("seats.mine", "This phone is {player}'s seat: it records, confirms the other side's deals and disputes them.", { player: mine })
      : t("seats.join_qr", "Players join with the QR code shown on the phone that started the match.")));
    box.hidden = false;
    return;
  }
  const seats = savedMatch(S.id).seats || [];
  const joined = m.joined || []; // taken up on the player's phone, not just given
  const parts = [el("h2", {}, t("seats.own_phone", "Each player on their own phone")),
    el("p", {}, t("seats.scan", "Each player scans their own code: that phone can then record, confirm the other side's deals or dispute them. This phone keeps recording for everyone."))];
  if (seats.length) {
    parts.push(el("ul", { class: "seat-list" }, ...seats.map((seat) => {
      const link = joinLink(seat);
      return el("li", { "data-seat": seat.player },
        el("h3", {}, t("seats.seat", "{player}'s seat", { player: seat.player })),
        qrSvg(link, t("seats.qr", "QR code of {player}'s join link", { player: seat.player })),
        el("input", { class: "link", readonly: true, value: link,
          "aria-label": t("seats.link", "{player}'s join link", { player: seat.player }) }),
        el("p", { class: "note", "data-joined": String(joined.includes(seat.player)) },
          joined.includes(seat.player) ? t("seats.joined", "Joined on their phone.")
            : t("seats.not_scanned", "Not scanned yet: until a player joins, this phone's deals confirm themselves.")));
    })));
  }
  parts.push(el("button", { type: "button", id: "make-seats", class: seats.length ? "small"
    : "primary big", onclick: makeSeats },
  seats.length ? t("seats.new_codes", "New codes (the old ones stop working)")
    : t("seats.give", "Give each player a seat")));
  fill(box, ...parts);
  box.hidden = false;
}

function makeSeats() {
  post("/seats", {}, (answer) => {
    saveMatch({ id: S.id, seats: answer.seats.map((s) => ({ player: s.player,
      token: s.token })) });
  });
}
