// @ts-check
/* DOM helpers: every text goes in as text (textContent or text nodes), never as HTML. */

/** The first element matching `sel` (in `root`, default the document). */
export const $ = (sel, root) => (root || document).querySelector(sel);

/** Every element matching `sel`, as an array. */
export const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

/**
 * A new element: `attrs` are attributes ("class", "text" = its text, "onclick"… = listeners;
 * null/undefined/false are left out, true is an empty attribute); `children` are nodes or
 * values shown as text.
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replace the children of `node` (null, undefined and false are left out — the DOM's own
 * replaceChildren() would print them as "null"). */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined &&
    c !== false));
  return node;
}
