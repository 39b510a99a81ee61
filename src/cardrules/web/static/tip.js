// A fast tooltip for the table: the reason a card is dimmed appears at once on hover or
// focus (the browser's own title tooltip waits a second). It is for the eyes only: the
// same words are in the element's accessible name or description.
"use strict";

let box = null;
let owner = null;

function place(target) {
  const rect = target.getBoundingClientRect();
  box.style.left = "0px";
  box.style.top = "0px";
  box.hidden = false;
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  const left = Math.max(6, Math.min(window.innerWidth - width - 6, rect.left + rect.width / 2 - width / 2));
  let top = rect.top - height - 8;
  if (top < 6) top = rect.bottom + 8;
  box.style.left = left + window.scrollX + "px";
  box.style.top = top + window.scrollY + "px";
}

function show(event) {
  const target = event.target.closest ? event.target.closest("[data-tip]") : null;
  if (!target || !target.dataset.tip) return;
  owner = target;
  box.textContent = target.dataset.tip;
  place(target);
}

function hide(event) {
  if (event && owner && event.relatedTarget && owner.contains(event.relatedTarget)) return;
  owner = null;
  if (box) box.hidden = true;
}

/** Start the tooltip: every element with a `data-tip` attribute shows it. */
export function installTips() {
  box = document.createElement("div");
  box.id = "tip";
  box.className = "tip";
  box.hidden = true;
  box.setAttribute("aria-hidden", "true");
  document.body.appendChild(box);
  document.addEventListener("pointerover", show);
  document.addEventListener("pointerout", hide);
  document.addEventListener("focusin", show);
  document.addEventListener("focusout", hide);
  // The tip is placed in the document's coordinates: a scroll (such as the one that
  // brings a card into view under the pointer) keeps it beside its card.
  document.addEventListener("scroll", () => (owner && owner.isConnected ? place(owner) : hide()), { passive: true });
}

/** Hide the tooltip (the element it belonged to is being redrawn). */
export function hideTip() {
  hide();
}
